"""Not built yet: see the issue tracker."""
