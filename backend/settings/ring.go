package settings

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/zalando/go-keyring"
)

// SystemRing is the desktop's secret store through go-keyring: the
// freedesktop Secret Service over D-Bus on Linux (GNOME Keyring, KWallet,
// KeePassXC), the keychain on macOS, the credential manager on Windows.
// It needs no C library, so the app and the CLI build as before.
var SystemRing Ring = systemRing{wait: ringWait}

// ringWait bounds one keyring call: long enough to type the login password
// into the keyring's unlock prompt, short enough that a keyring daemon that
// never answers does not hold a run's start or the settings screen for
// good. A call that runs out counts as no keyring.
const ringWait = 60 * time.Second

type systemRing struct{ wait time.Duration }

func (r systemRing) Set(service, user, secret string) error {
	return r.call(func() error { return keyring.Set(service, user, secret) })
}

func (r systemRing) Get(service, user string) (string, error) {
	var got string
	err := r.call(func() (err error) {
		got, err = keyring.Get(service, user)
		return err
	})
	return got, err
}

func (r systemRing) Delete(service, user string) error {
	return r.call(func() error { return keyring.Delete(service, user) })
}

// call runs f, giving up after r.wait (f is then left to finish, or not,
// on its own: go-keyring cannot be cancelled), and words its error.
func (r systemRing) call(f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	t := time.NewTimer(r.wait)
	defer t.Stop()
	select {
	case err := <-done:
		return wordRingError(err)
	case <-t.C:
		return &KeyringError{Reason: fmt.Sprintf("the system keyring did not answer within %s", r.wait), Unavailable: true}
	}
}

// wordRingError tells a keyring that is not there (no session bus, no
// Secret Service on it, an unsupported system) from one that is there but
// refused (stayed locked, its prompt dismissed).
func wordRingError(err error) error {
	var dbusErr dbus.Error
	switch {
	case err == nil:
		return nil
	case errors.Is(err, keyring.ErrNotFound):
		return ErrNoSecret
	case errors.Is(err, keyring.ErrUnsupportedPlatform):
		return &KeyringError{Reason: "this system has no keyring Scout can use", Unavailable: true}
	case errors.As(err, &dbusErr) && strings.HasPrefix(dbusErr.Name, "org.freedesktop.DBus.Error."):
		// ServiceUnknown, NameHasNoOwner, Spawn.*: nothing serves
		// org.freedesktop.secrets on this session bus.
		return &KeyringError{Reason: "no Secret Service (GNOME Keyring, KWallet, KeePassXC) runs on this desktop session", Unavailable: true}
	case errors.As(err, &dbusErr) && dbusErr.Name == "org.freedesktop.Secret.Error.NoSuchObject":
		return &KeyringError{Reason: "the keyring has no default collection to keep the key in", Unavailable: true}
	case errors.As(err, &dbusErr):
		return &KeyringError{Reason: fmt.Sprintf("the keyring refused: %s", dbusMessage(dbusErr))}
	case strings.Contains(err.Error(), "unlock"):
		return &KeyringError{Reason: "the keyring stayed locked"}
	}
	// No session bus to reach (a server, a container, CI).
	return &KeyringError{Reason: fmt.Sprintf("no desktop session bus to reach a keyring through (%v)", err), Unavailable: true}
}

// dbusMessage is a D-Bus error's own words, else its name.
func dbusMessage(e dbus.Error) string {
	if len(e.Body) > 0 {
		if s, ok := e.Body[0].(string); ok && s != "" {
			return s
		}
	}
	return e.Name
}
