#!/bin/sh
# Install Combat Assistant for the current user from this unpacked folder:
# a menu entry (~/.local/share/applications), the icon (hicolor theme) and the two commands
# on PATH (~/.local/bin, as symlinks into this folder). No root needed.
#     ./install.sh               install (again: after moving the folder)
#     ./install.sh --uninstall   remove what install.sh added (not this folder)
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
BIN=$HOME/.local/bin
APPS=$DATA/applications
ICONS=$DATA/icons/hicolor
SIZES="16 24 32 48 64 128 256"

refresh() {  # let desktops notice the change; fine if these tools are missing
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$APPS" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$ICONS" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$APPS/combatassist.desktop" "$BIN/combatassist-gui" "$BIN/combatassist" \
          "$ICONS/scalable/apps/combatassist.svg"
    for size in $SIZES; do rm -f "$ICONS/${size}x${size}/apps/combatassist.png"; done
    refresh
    echo "Combat Assistant removed from the menu and PATH (this folder is untouched)."
    exit 0
fi
if [ $# -gt 0 ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi
if [ ! -x "$HERE/combatassist-gui" ]; then
    echo "install.sh: $HERE/combatassist-gui is missing: run install.sh from the unpacked folder" >&2
    exit 1
fi

mkdir -p "$BIN" "$APPS" "$ICONS/scalable/apps"
ln -sf "$HERE/combatassist-gui" "$BIN/combatassist-gui"
ln -sf "$HERE/combatassist" "$BIN/combatassist"
for size in $SIZES; do
    mkdir -p "$ICONS/${size}x${size}/apps"
    cp "$HERE/_internal/resources/icons/combatassist-$size.png" \
       "$ICONS/${size}x${size}/apps/combatassist.png"
done
cp "$HERE/_internal/resources/icons/combatassist.svg" "$ICONS/scalable/apps/combatassist.svg"

# Exec and TryExec get this folder's absolute path: a quoted Exec argument escapes \ " ` $
# (and the backslash once more, for the desktop file's string escapes).
escaped=$(printf '%s' "$HERE/combatassist-gui" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\&/g')
{
    grep -v -e '^Exec=' -e '^TryExec=' "$HERE/combatassist.desktop"
    printf 'TryExec=%s\n' "$HERE/combatassist-gui"
    printf 'Exec="%s" %%f\n' "$escaped"
} > "$APPS/combatassist.desktop"
refresh
echo "Combat Assistant installed: menu entry $APPS/combatassist.desktop, commands in $BIN."
case ":$PATH:" in
    *":$BIN:"*) ;;
    *) echo "note: add $BIN to your PATH to run combatassist from a terminal." ;;
esac
