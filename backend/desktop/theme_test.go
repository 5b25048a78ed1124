package desktop

import "testing"

func TestTheme(t *testing.T) {
	for _, c := range []struct {
		name, env, scheme, theme string
		want                     string
		dark                     bool
	}{
		{"dark desktop, default theme", "", "prefer-dark", "Adwaita", "Adwaita:dark", true},
		{"dark desktop, another theme", "", "prefer-dark", "Yaru", "Yaru:dark", true},
		{"dark desktop, no theme named", "", "prefer-dark", "", "Adwaita:dark", true},
		{"a theme dark by itself", "", "default", "Yaru-dark", "", true},
		{"GTK_THEME chosen dark by the user", "Adwaita:dark", "prefer-light", "Adwaita", "", true},
		{"GTK_THEME chosen light by the user", "HighContrast", "prefer-dark", "Adwaita", "", false},
		{"light desktop", "", "prefer-light", "Adwaita", "", false},
		{"no preference", "", "default", "Adwaita", "", false},
		{"not GNOME (gsettings says nothing)", "", "", "", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			getenv := func(string) string { return c.env }
			get := func(schema, key string) string {
				switch schema + " " + key {
				case "org.gnome.desktop.interface color-scheme":
					return c.scheme
				case "org.gnome.desktop.interface gtk-theme":
					return c.theme
				}
				t.Errorf("asked for %s %s", schema, key)
				return ""
			}
			if got, dark := Theme(getenv, get); got != c.want || dark != c.dark {
				t.Errorf("Theme = %q, dark %v; want %q, dark %v", got, dark, c.want, c.dark)
			}
		})
	}
}
