package desktop

import (
	"errors"
	"testing"
)

func TestCheckDisplay(t *testing.T) {
	for _, tc := range []struct {
		goos string
		env  map[string]string
		want error
	}{
		{"linux", nil, ErrNoDisplay},
		{"linux", map[string]string{"DISPLAY": ":0"}, nil},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, nil},
		{"freebsd", nil, ErrNoDisplay},
		{"windows", nil, nil},
		{"darwin", nil, nil},
	} {
		got := checkDisplay(tc.goos, func(k string) string { return tc.env[k] })
		if !errors.Is(got, tc.want) {
			t.Errorf("%s %v: %v, want %v", tc.goos, tc.env, got, tc.want)
		}
	}
}
