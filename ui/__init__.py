"""Combat Assistant desktop app (Qt). All Qt imports live under ui/."""
