package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeRing is a secret store in memory; broken makes every call fail as
// a desktop without a Secret Service does.
type fakeRing struct {
	secrets map[string]string
	broken  error
}

func (r *fakeRing) Set(service, user, secret string) error {
	if r.broken != nil {
		return r.broken
	}
	if r.secrets == nil {
		r.secrets = map[string]string{}
	}
	r.secrets[service+"/"+user] = secret
	return nil
}

func (r *fakeRing) Get(service, user string) (string, error) {
	if r.broken != nil {
		return "", r.broken
	}
	s, ok := r.secrets[service+"/"+user]
	if !ok {
		return "", ErrNoSecret
	}
	return s, nil
}

func (r *fakeRing) Delete(service, user string) error {
	if r.broken != nil {
		return r.broken
	}
	if _, ok := r.secrets[service+"/"+user]; !ok {
		return ErrNoSecret
	}
	delete(r.secrets, service+"/"+user)
	return nil
}

const aKey = "sk-settings-test-77aa"

// The key goes to the desktop's secret store when there is one, and to a
// file only the user can read where there is none (a server, CI); either
// way it is read back, said where it is (never what it is), and cleared
// from both places.
func TestKeyStoreKeepsTheKeyOutOfSight(t *testing.T) {
	noService := &KeyringError{Reason: "no Secret Service on the session bus", Unavailable: true}
	tests := []struct {
		name      string
		ring      *fakeRing
		where     string
		noteSays  string
		fileKept  bool
		fileAfter bool
	}{
		{"a keyring", &fakeRing{}, KeyInKeyring, "stored in the system keyring", false, false},
		{"no keyring", &fakeRing{broken: noService}, KeyInFile, "stored in a file readable only by you", true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ks := &KeyStore{Ring: tc.ring, File: filepath.Join(dir, "scout", "api-key")}
			if st := ks.Status(); st.Set {
				t.Fatalf("a key before one was saved: %+v", st)
			}
			st, err := ks.Save("  " + aKey + "\n")
			if err != nil {
				t.Fatal(err)
			}
			if !st.Set || st.Where != tc.where || !strings.Contains(st.Note, tc.noteSays) {
				t.Errorf("saved: %+v, want where %q, a note saying %q", st, tc.where, tc.noteSays)
			}
			if strings.Contains(st.Note, aKey) {
				t.Errorf("the note shows the key: %s", st.Note)
			}
			info, err := os.Stat(ks.File)
			if tc.fileKept {
				if err != nil || info.Mode().Perm() != 0o600 {
					t.Errorf("the key file: %v, mode %v, want 0600", err, info.Mode())
				}
				if dirInfo, _ := os.Stat(filepath.Dir(ks.File)); dirInfo.Mode().Perm() != 0o700 {
					t.Errorf("its folder has mode %v, want 0700", dirInfo.Mode())
				}
				if st.Path != ks.File || !strings.Contains(st.Note, ks.File) {
					t.Errorf("the status does not name the file: %+v", st)
				}
			} else if err == nil {
				t.Errorf("a key file was written though the keyring took the key")
			}
			key, got, err := ks.Load()
			if err != nil || key != aKey || got.Where != tc.where {
				t.Errorf("loaded %q from %q (%v), want %q from %q", key, got.Where, err, aKey, tc.where)
			}
			if st, err = ks.Clear(); err != nil || st.Set {
				t.Errorf("after Clear: %+v, %v", st, err)
			}
			if key, _, _ := ks.Load(); key != "" {
				t.Errorf("a key after Clear: %q", key)
			}
			if _, err := os.Stat(ks.File); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the key file is still there after Clear: %v", err)
			}
		})
	}
}

// A key saved to the file while there was no keyring moves into the
// keyring once there is one, so it is not in two places.
func TestKeyStoreMovesAFileKeyIntoTheKeyring(t *testing.T) {
	ring := &fakeRing{broken: &KeyringError{Reason: "no Secret Service", Unavailable: true}}
	ks := &KeyStore{Ring: ring, File: filepath.Join(t.TempDir(), "api-key")}
	if _, err := ks.Save(aKey); err != nil {
		t.Fatal(err)
	}
	ring.broken = nil
	st, err := ks.Save(aKey + "-new")
	if err != nil || st.Where != KeyInKeyring {
		t.Fatalf("%+v, %v", st, err)
	}
	if _, err := os.Stat(ks.File); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the old key file is left behind: %v", err)
	}
	if key, _, _ := ks.Load(); key != aKey+"-new" {
		t.Errorf("loaded %q", key)
	}
}

// A keyring that is there but will not take the key (locked, its unlock
// prompt dismissed) is said so, with what to do; the key is not written
// to a file behind the user's back.
func TestKeyStoreSaysWhenTheKeyringRefuses(t *testing.T) {
	ring := &fakeRing{broken: &KeyringError{Reason: "the keyring stayed locked"}}
	ks := &KeyStore{Ring: ring, File: filepath.Join(t.TempDir(), "api-key")}
	_, err := ks.Save(aKey)
	if err == nil || !strings.Contains(err.Error(), "locked") || !strings.Contains(err.Error(), "unlock") {
		t.Fatalf("error %v", err)
	}
	if _, err := os.Stat(ks.File); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the key went to a file: %v", err)
	}
}

// SCOUT_KEYRING=off keeps the key in the file alone, for machines whose
// keyring asks for a password no one is there to type.
func TestKeyringOffUsesTheFile(t *testing.T) {
	t.Setenv(EnvKeyring, "off")
	ring := &fakeRing{}
	ks := &KeyStore{Ring: ring, File: filepath.Join(t.TempDir(), "api-key")}
	st, err := ks.Save(aKey)
	if err != nil || st.Where != KeyInFile || len(ring.secrets) != 0 {
		t.Fatalf("%+v, %v, ring %v", st, err, ring.secrets)
	}
}

// An empty key is no key: saving one clears what was kept.
func TestSavingAnEmptyKeyClearsIt(t *testing.T) {
	ks := &KeyStore{Ring: &fakeRing{}, File: filepath.Join(t.TempDir(), "api-key")}
	if _, err := ks.Save(aKey); err != nil {
		t.Fatal(err)
	}
	if st, err := ks.Save("  "); err != nil || st.Set {
		t.Fatalf("%+v, %v", st, err)
	}
}

// The key is never written where settings.json is, nor printed with the
// settings.
func TestTheKeyIsNotASavedSetting(t *testing.T) {
	s := Defaults()
	s.APIKey = aKey
	store := &Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	if err := store.Save(s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(store.Path)
	for _, shown := range []string{string(data), s.APIKey.String(), fmtAll(s)} {
		if strings.Contains(shown, aKey) {
			t.Errorf("the key shows: %s", shown)
		}
	}
}

func fmtAll(s Settings) string { return fmt.Sprintf("%v %+v %#v %s", s, s, s, s.APIKey) }
