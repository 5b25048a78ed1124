package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/adrg/xdg"
)

// The model server's API key is a setting unlike the others: a secret.
// It is never in settings.json (which is shown, copied and attached to bug
// reports), never in a run folder, and never sent to the window: the
// settings screen only learns whether a key is kept, and where. It lives
// in the desktop's secret store (Secret Service on Linux, the macOS
// keychain, Windows' credential manager), or, where there is none (a
// server, CI), in a file only the user can read.

// Key is the model server's API key. It prints as a placeholder, so
// settings logged or shown by mistake do not give it away; string(key) is
// the key itself, for the one place that sends it.
type Key string

// keyPlaceholder is what a Key prints as.
const keyPlaceholder = "[API key]"

// String hides the key.
func (k Key) String() string {
	if k == "" {
		return ""
	}
	return keyPlaceholder
}

// GoString hides the key from %#v too.
func (k Key) GoString() string { return fmt.Sprintf("%q", k.String()) }

// Where a key is kept (KeyStatus.Where).
const (
	KeyInKeyring = "keyring"
	KeyInFile    = "file"
)

// keyService and keyUser name the key in the secret store, as a keyring
// manager (Seahorse, Keychain Access) lists it.
const (
	keyService = "Scout"
	keyUser    = "model server API key"
)

// keyRelPath is the key file below the XDG config home, beside
// settings.json, where there is no secret store.
const keyRelPath = "scout/api-key"

// keyFileMode keeps the key file readable by its owner alone, as ssh
// keeps a private key; keyDirMode does the same for its folder.
const (
	keyFileMode = 0o600
	keyDirMode  = 0o700
)

// EnvKeyring set to "off" keeps the key in the file alone: for a machine
// whose keyring asks for a password nobody is there to type, and for
// tests, which must never touch the user's keyring.
const EnvKeyring = "SCOUT_KEYRING"

// DefaultKeyPath is the key file, $XDG_CONFIG_HOME/scout/api-key.
func DefaultKeyPath() string { return filepath.Join(xdg.ConfigHome, filepath.FromSlash(keyRelPath)) }

// Ring is a secret store. SystemRing is the desktop's.
type Ring interface {
	Set(service, user, secret string) error
	// Get returns ErrNoSecret when the store holds no such secret.
	Get(service, user string) (string, error)
	// Delete returns ErrNoSecret when there was nothing to delete.
	Delete(service, user string) error
}

// ErrNoSecret: the secret store holds no such secret.
var ErrNoSecret = errors.New("no such secret in the keyring")

// KeyringError is a secret store's failure, in words. Unavailable says
// there is no usable store at all (no Secret Service, no session bus), so
// the file serves instead; otherwise the store is there but refused (it
// stayed locked), which the user can fix.
type KeyringError struct {
	Reason      string
	Unavailable bool
}

// Error implements error.
func (e *KeyringError) Error() string { return e.Reason }

// KeyStore keeps the API key: in Ring, else in File. Its methods are safe
// to call from one goroutine at a time (the app's settings screen, a run
// starting).
type KeyStore struct {
	// Ring is the secret store; nil means SystemRing.
	Ring Ring
	// File is the fallback file; "" means DefaultKeyPath.
	File string
}

// NewKeyStore returns the key store of the desktop: its secret store, and
// the file at DefaultKeyPath.
func NewKeyStore() *KeyStore { return &KeyStore{} }

// KeyStatus says whether a key is kept and where, for the settings screen
// and `scout check`; never the key.
type KeyStatus struct {
	Set bool `json:"set"`
	// Where is KeyInKeyring, KeyInFile, or "" with no key.
	Where string `json:"where"`
	// Path is the key file when Where is KeyInFile.
	Path string `json:"path"`
	// Note says where the key is kept, in words for the settings screen.
	Note string `json:"note"`
	// Warning, when set, says why a key may be kept yet unreadable (the
	// keyring stayed locked).
	Warning string `json:"warning"`
}

func (k *KeyStore) ring() Ring {
	if strings.EqualFold(os.Getenv(EnvKeyring), "off") {
		return nil
	}
	if k.Ring == nil {
		return SystemRing
	}
	return k.Ring
}

func (k *KeyStore) path() string {
	if k.File == "" {
		return DefaultKeyPath()
	}
	return k.File
}

// Load returns the kept key ("" when none) and where it was found: the
// secret store first, then the file. A store that cannot be read (locked)
// is said in the status's Warning; an error is a key file that cannot be
// read.
func (k *KeyStore) Load() (Key, KeyStatus, error) {
	var warning string
	if ring := k.ring(); ring != nil {
		key, err := ring.Get(keyService, keyUser)
		switch {
		case err == nil && strings.TrimSpace(key) != "":
			return Key(strings.TrimSpace(key)), k.status(KeyInKeyring, ""), nil
		case err != nil && !errors.Is(err, ErrNoSecret) && !isUnavailable(err):
			warning = fmt.Sprintf("Scout could not read the system keyring (%v), so it goes on without the key kept there, if any: unlock the keyring (your login password) and try again, or, on a machine without a desktop session, set %s=off and keep the key in a file only you can read.", err, EnvKeyring)
		}
	}
	data, err := os.ReadFile(k.path())
	switch {
	case errors.Is(err, fs.ErrNotExist):
		st := k.status("", "")
		st.Warning = warning
		return "", st, nil
	case err != nil:
		return "", KeyStatus{Warning: warning}, fmt.Errorf("cannot read the API key file %s (%v): check its owner and permissions, or enter the key again in Settings", k.path(), err)
	}
	k.tighten()
	key := Key(strings.TrimSpace(string(data)))
	if key == "" {
		st := k.status("", "")
		st.Warning = warning
		return "", st, nil
	}
	st := k.status(KeyInFile, "")
	st.Warning = warning
	return key, st, nil
}

// tighten makes a key file someone loosened readable by its owner alone
// again: the key may be safe yet, and the next reader should not be able
// to see it.
func (k *KeyStore) tighten() {
	if info, err := os.Stat(k.path()); err == nil && info.Mode().Perm()&^keyFileMode != 0 {
		_ = os.Chmod(k.path(), keyFileMode)
	}
}

// Status is Load without the key.
func (k *KeyStore) Status() KeyStatus {
	_, st, err := k.Load()
	if err != nil {
		st.Warning = strings.TrimSpace(st.Warning + " " + err.Error() + ".")
	}
	return st
}

// Save keeps key (spaces around it dropped; an empty key clears it): in
// the secret store when there is one, the file removed then so the key is
// in one place; else in the file, mode 0600, saying why. A store that is
// there but refuses (locked) is an error, not a reason to write the key to
// a file behind the user's back.
func (k *KeyStore) Save(key string) (KeyStatus, error) {
	key = strings.TrimSpace(key)
	if key == "" {
		return k.Clear()
	}
	why := "the system keyring is turned off (" + EnvKeyring + "=off)"
	if ring := k.ring(); ring != nil {
		err := ring.Set(keyService, keyUser, key)
		if err == nil {
			if err := os.Remove(k.path()); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return k.status(KeyInKeyring, ""), fmt.Errorf("the key is in the system keyring, but the old key file %s could not be removed (%v): delete it yourself", k.path(), err)
			}
			return k.status(KeyInKeyring, ""), nil
		}
		if !isUnavailable(err) {
			return k.Status(), fmt.Errorf("the system keyring did not take the API key (%v): unlock it (it asks for your login password) and save again, or, on a machine without a desktop session, set %s=off to keep the key in a file only you can read", err, EnvKeyring)
		}
		why = fmt.Sprintf("there is no system keyring to keep it in (%v)", err)
	}
	if err := writeAtomic(k.path(), []byte(key+"\n"), keyFileMode, "API key"); err != nil {
		return k.Status(), err
	}
	return k.status(KeyInFile, why), nil
}

// Clear removes the key from the secret store and the file.
func (k *KeyStore) Clear() (KeyStatus, error) {
	var errs []error
	if ring := k.ring(); ring != nil {
		if err := ring.Delete(keyService, keyUser); err != nil && !errors.Is(err, ErrNoSecret) && !isUnavailable(err) {
			errs = append(errs, fmt.Errorf("the system keyring did not remove the API key (%v): unlock it and try again, or remove \"%s\" with your keyring manager", err, keyUser))
		}
	}
	if err := os.Remove(k.path()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, fmt.Errorf("the API key file %s could not be removed (%v): delete it yourself", k.path(), err))
	}
	return k.Status(), errors.Join(errs...)
}

// status describes a key kept at where; why says why the file.
func (k *KeyStore) status(where, why string) KeyStatus {
	switch where {
	case KeyInKeyring:
		return KeyStatus{Set: true, Where: where, Note: "The API key is stored in the system keyring."}
	case KeyInFile:
		note := fmt.Sprintf("The API key is stored in a file readable only by you: %s.", k.path())
		if why != "" {
			note = fmt.Sprintf("The API key is stored in a file readable only by you, %s, because %s.", k.path(), why)
		}
		return KeyStatus{Set: true, Where: where, Path: k.path(), Note: note}
	}
	return KeyStatus{Note: "No API key: Scout sends none, as a server on this computer needs none."}
}

// isUnavailable reports whether err says there is no secret store to use.
func isUnavailable(err error) bool {
	var ke *KeyringError
	return errors.As(err, &ke) && ke.Unavailable
}
