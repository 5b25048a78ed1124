package desktop

import (
	"os"
	"strings"

	"github.com/scout-research/scout/backend/gsettings"
)

// GNOME 42 and later keep the light or dark choice in color-scheme, which
// GTK 3, and so WebKitGTK and the app's prefers-color-scheme, never read:
// without help the window stays light on a dark desktop. GTK_THEME set to
// the user's theme with its dark variant carries the choice over.
const (
	interfaceSchema = "org.gnome.desktop.interface"
	darkVariant     = ":dark"
	// defaultGTKTheme is GTK 3's own theme, used when the desktop names none.
	defaultGTKTheme = "Adwaita"
)

// Theme says whether the desktop is dark, and the GTK_THEME value that
// makes the window follow it, or "" when nothing needs setting: GTK_THEME
// chosen already, a desktop that prefers light (or says nothing), or a
// GTK theme that is dark by itself.
func Theme(getenv func(string) string, get func(schema, key string) string) (gtkTheme string, dark bool) {
	if env := getenv("GTK_THEME"); env != "" {
		return "", isDark(env)
	}
	theme := get(interfaceSchema, "gtk-theme")
	if isDark(theme) {
		return "", true
	}
	if get(interfaceSchema, "color-scheme") != "prefer-dark" {
		return "", false
	}
	if theme == "" {
		theme = defaultGTKTheme
	}
	return theme + darkVariant, true
}

// SystemTheme is Theme for this desktop.
func SystemTheme() (gtkTheme string, dark bool) {
	return Theme(os.Getenv, gsettings.Get)
}

// isDark recognises a dark GTK theme by name: Adwaita:dark, Yaru-dark.
func isDark(theme string) bool {
	t := strings.ToLower(theme)
	return strings.HasSuffix(t, darkVariant) || strings.HasSuffix(t, "-dark")
}
