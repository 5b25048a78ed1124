package settings

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// EnvRequireKeyring makes a missing GNOME Keyring a failure instead of a
// skip; make test sets it (SCOUT_GUI_E2E), as it installs gnome-keyring.
const envRequireKeyring = "SCOUT_GUI_E2E"

// secretService starts a session bus of the test's own with GNOME
// Keyring's Secret Service on it, its login keyring unlocked, and points
// the process at that bus. The user's own session is never touched.
func secretService(t *testing.T) { startKeyring(t, true) }

// startKeyring is secretService with the login keyring unlocked or not
// (then every use asks for a password, which no one here can type).
func startKeyring(t *testing.T, unlock bool) {
	t.Helper()
	for _, cmd := range []string{"dbus-daemon", "gnome-keyring-daemon"} {
		if _, err := exec.LookPath(cmd); err != nil {
			if os.Getenv(envRequireKeyring) == "1" {
				t.Fatalf("%s is missing: make test installs it", cmd)
			}
			t.Skipf("%s is missing (make test installs it): the real Secret Service is not tried", cmd)
		}
	}
	home := t.TempDir()
	runtime := filepath.Join(home, "run")
	if err := os.Mkdir(runtime, 0o700); err != nil {
		t.Fatal(err)
	}
	addr := sessionBus(t)
	env := append(os.Environ(), "DBUS_SESSION_BUS_ADDRESS="+addr, "HOME="+home,
		"XDG_DATA_HOME="+filepath.Join(home, "data"), "XDG_RUNTIME_DIR="+runtime)
	keyring := exec.Command("gnome-keyring-daemon", "--foreground", "--components=secrets")
	if unlock {
		keyring.Args = append(keyring.Args, "--unlock")
		keyring.Stdin = strings.NewReader("test-login-password")
	}
	keyring.Env = env
	if err := keyring.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = keyring.Process.Kill(); _ = keyring.Wait() })
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
	t.Setenv(EnvKeyring, "")
	ring := systemRing{wait: 10 * time.Second}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		_, err := ring.Get("Scout test", "ready?")
		if errors.Is(err, ErrNoSecret) || !unlock && err != nil && !isUnavailable(err) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("GNOME Keyring did not come up on the test's bus: %v", err)
		}
	}
}

// The real Secret Service (GNOME Keyring), not a stand-in: the key store
// keeps the key there and no file, reads it back, and removes it; the
// errors are the ones KeyStore tells apart.
func TestKeyStoreWithGNOMEKeyring(t *testing.T) {
	secretService(t)
	ks := &KeyStore{File: filepath.Join(t.TempDir(), "api-key")} // Ring nil: SystemRing
	st, err := ks.Save(aKey)
	if err != nil || st.Where != KeyInKeyring || !strings.Contains(st.Note, "stored in the system keyring") {
		t.Fatalf("saved: %+v, %v", st, err)
	}
	if _, err := os.Stat(ks.File); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a key file was written: %v", err)
	}
	key, got, err := ks.Load()
	if err != nil || string(key) != aKey || got.Where != KeyInKeyring {
		t.Errorf("loaded %d characters from %q: %v", len(key), got.Where, err)
	}
	if st, err := ks.Clear(); err != nil || st.Set {
		t.Errorf("cleared: %+v, %v", st, err)
	}
	if _, err := SystemRing.Get(keyService, keyUser); !errors.Is(err, ErrNoSecret) {
		t.Errorf("after Clear the keyring says %v", err)
	}
}

// A keyring that is there but stays locked (its unlock prompt cannot be
// answered: a session without a screen) refuses the key with the fix, and
// nothing goes to a file behind the user's back; reading says so and
// goes on without it.
func TestALockedGNOMEKeyringIsSaid(t *testing.T) {
	startKeyring(t, false)
	ks := &KeyStore{File: filepath.Join(t.TempDir(), "api-key")}
	_, err := ks.Save(aKey)
	if err == nil || !strings.Contains(err.Error(), "unlock it") || !strings.Contains(err.Error(), EnvKeyring+"=off") {
		t.Fatalf("saving to a locked keyring: %v", err)
	}
	if _, err := os.Stat(ks.File); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the key went to a file: %v", err)
	}
	key, st, err := ks.Load()
	if key != "" || err != nil || !strings.Contains(st.Warning, "could not read the system keyring") {
		t.Errorf("loading from a locked keyring: %q, %+v, %v", key, st, err)
	}
}

// With no Secret Service on the bus (a desktop without one), the store is
// unavailable, so the key goes to the file.
func TestNoSecretServiceIsNoKeyring(t *testing.T) {
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Skip("dbus-daemon is missing")
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", sessionBus(t))
	t.Setenv(EnvKeyring, "")
	_, err := systemRing{wait: 10 * time.Second}.Get(keyService, keyUser)
	if !isUnavailable(err) {
		t.Fatalf("no Secret Service: %v (%T), want the store unavailable", err, err)
	}
}

// busConfig is a session bus that starts no service on demand, so only
// what a test starts itself is on it (an installed GNOME Keyring would
// otherwise start, locked, at the first call).
const busConfig = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=%s</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`

// sessionBus starts a session bus of the test's own and returns its
// address.
func sessionBus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	conf := filepath.Join(dir, "bus.conf")
	if err := os.WriteFile(conf, []byte(fmt.Sprintf(busConfig, dir)), 0o600); err != nil {
		t.Fatal(err)
	}
	bus := exec.Command("dbus-daemon", "--config-file="+conf, "--nofork", "--nopidfile", "--print-address=1")
	out, err := bus.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := bus.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bus.Process.Kill(); _ = bus.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the test's session bus gave no address: %v", err)
	}
	return strings.TrimSpace(addr)
}
