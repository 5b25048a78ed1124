package llm

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/scout-research/scout/backend/llm/llmtest"
	"github.com/scout-research/scout/backend/phrase"
	"github.com/scout-research/scout/backend/phrase/phrasetest"
)

// certSpec describes a certificate made for a test.
type certSpec struct {
	names      []string // DNS names and IP addresses it is for
	notBefore  time.Time
	notAfter   time.Time
	issuer     *issued // nil: self-signed
	commonName string
}

// issued is a certificate with its key, to serve or to sign with.
type issued struct {
	cert *x509.Certificate
	der  []byte
	key  *ecdsa.PrivateKey
}

func makeCert(t *testing.T, s certSpec, isCA bool) *issued {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: s.commonName, Organization: []string{"Scout tests"}},
		NotBefore:    s.notBefore, NotAfter: s.notAfter,
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: isCA,
	}
	for _, n := range s.names {
		if ip := net.ParseIP(n); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	parent, signer := tmpl, key
	if s.issuer != nil {
		parent, signer = s.issuer.cert, s.issuer.key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, signer)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return &issued{cert: cert, der: der, key: key}
}

// tlsModelServer serves the fake model server over HTTPS with cert and
// returns its base URL.
func tlsModelServer(t *testing.T, cert *issued, opts llmtest.Options) string {
	t.Helper()
	srv := httptest.NewUnstartedServer(llmtest.NewHandler(opts))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{cert.der}, PrivateKey: cert.key}}}
	srv.Config.ErrorLog = quietLog()
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

// Each way a server's certificate fails to prove who it is gets words a
// user understands, with what to do: the system's trusted certificates
// are Scout's, so a server of one's own is fixed there or on the server,
// never by Scout ignoring the check.
func TestCertificateErrorsInWords(t *testing.T) {
	window := phrasetest.Window(t)
	now := time.Now()
	valid := func(names ...string) certSpec {
		return certSpec{names: names, notBefore: now.Add(-time.Hour), notAfter: now.Add(24 * time.Hour), commonName: "model server"}
	}
	homeCA := makeCert(t, certSpec{notBefore: now.Add(-time.Hour), notAfter: now.Add(48 * time.Hour), commonName: "Home Lab CA"}, true)
	expired := valid("127.0.0.1")
	expired.notBefore, expired.notAfter = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)
	early := valid("127.0.0.1")
	early.notBefore, early.notAfter = now.Add(30*24*time.Hour), now.Add(400*24*time.Hour)
	byHomeCA := valid("127.0.0.1")
	byHomeCA.issuer = homeCA
	tests := []struct {
		name string
		cert certSpec
		says []string
	}{
		{"self-signed", valid("127.0.0.1", "localhost"),
			[]string{"self-signed certificate", "cannot check", "trusted certificates", "update-ca-certificates"}},
		{"expired", expired,
			[]string{"certificate expired on 2 Jan 2025", "Renew", "clock"}},
		{"not valid yet", early,
			[]string{"not valid until", "clock"}},
		{"wrong host", valid("models.example.org", "gpu.example.org"),
			[]string{"is for models.example.org, gpu.example.org, not for 127.0.0.1", "name the certificate is for"}},
		{"unknown authority", byHomeCA,
			[]string{`signed by "Home Lab CA"`, "does not trust", "trusted certificates"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base := tlsModelServer(t, makeCert(t, tc.cert, false), llmtest.Options{Flavour: llmtest.LlamaCpp})
			_, err := New(base, WithKey(testKey)).Probe(context.Background(), "")
			assertError(t, err, ErrCertificate, append([]string{"The model server at " + hostOf(base)}, tc.says...)...)
			if strings.Contains(err.Error(), "x509") || strings.Contains(err.Error(), "tls:") {
				t.Errorf("the message shows the library's words: %s", err)
			}
			if got, known := phrasetest.English(window, phrase.OfError(err)); !known || got != err.Error() {
				t.Errorf("the window says (known: %v)\n%s\nGo:\n%s", known, got, err)
			}
		})
	}
}

// A certificate's dates reach the window as days it writes its way, and
// the words Scout says where the certificate tells nothing are the
// window's messages, not English inside another language's sentence.
func TestCertificateWordsAreTheWindows(t *testing.T) {
	window := phrasetest.Window(t)
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.Local)
	cert := &x509.Certificate{NotBefore: time.Date(2027, 1, 9, 12, 0, 0, 0, time.Local), NotAfter: time.Date(2025, 1, 2, 12, 0, 0, 0, time.Local)}
	tests := []struct {
		name   string
		err    *Error
		values map[string]any
	}{
		{"expired", expiredCert("h", cert, now.AddDate(1, 0, 0)),
			map[string]any{"ended": phrase.Day{Day: "2025-01-02"}, "today": phrase.Day{Day: "2027-12-02"}}},
		{"not valid yet", expiredCert("h", cert, now),
			map[string]any{"from": phrase.Day{Day: "2027-01-09"}, "today": phrase.Day{Day: "2026-12-02"}}},
		{"expired, no certificate", expiredCert("h", nil, now), map[string]any{"today": phrase.Day{Day: "2026-12-02"}}},
		{"names unknown", said(ErrCertificate, "certName", "host", "h", "names", certNames(nil), "name", "n"),
			map[string]any{"names": phrase.Of("llm.anotherName")}},
		{"no names", said(ErrCertificate, "certName", "host", "h", "names", certNames(&x509.Certificate{}), "name", "n"),
			map[string]any{"names": phrase.Of("llm.noName")}},
		{"issuer unknown", said(ErrCertificate, "untrusted", "host", "h", "issuer", issuerName(nil)),
			map[string]any{"issuer": phrase.Of("llm.unknownAuthority")}},
		{"issuer named", said(ErrCertificate, "untrusted", "host", "h", "issuer", issuerName(&x509.Certificate{Issuer: pkix.Name{CommonName: "Home CA"}})),
			map[string]any{"issuer": `"Home CA"`}},
	}
	for _, tc := range tests {
		if got, known := phrasetest.English(window, tc.err.Said()); !known || got != tc.err.Message {
			t.Errorf("%s: the window says (known: %v)\n%s\nGo:\n%s", tc.name, known, got, tc.err.Message)
		}
		for name, want := range tc.values {
			if got := tc.err.Said().Args[name]; fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: %s is %#v, want %#v", tc.name, name, got, want)
			}
		}
	}
}

// A URL whose scheme does not match the server: https to a server that
// speaks plain HTTP (LM Studio, llama-server and Ollama do unless put
// behind a proxy), and http to one that speaks only HTTPS.
func TestSchemeMismatchInWords(t *testing.T) {
	plain := llmtest.New(llmtest.Options{})
	defer plain.Close()
	_, err := New(strings.Replace(plain.BaseURL(), "http://", "https://", 1)).Probe(context.Background(), "")
	assertError(t, err, ErrNotHTTPS, "does not speak HTTPS", "http://")

	now := time.Now()
	base := tlsModelServer(t, makeCert(t, certSpec{names: []string{"127.0.0.1"}, notBefore: now.Add(-time.Hour), notAfter: now.Add(time.Hour)}, false), llmtest.Options{})
	_, err = New(strings.Replace(base, "https://", "http://", 1)).Probe(context.Background(), "")
	assertError(t, err, ErrNotHTTPS, "speaks only HTTPS", "https://")
}

// A server whose certificate this computer trusts (here through the
// client's own roots, as the system's would be) works over HTTPS, key and
// all.
func TestATrustedHTTPSServerWorks(t *testing.T) {
	now := time.Now()
	ca := makeCert(t, certSpec{notBefore: now.Add(-time.Hour), notAfter: now.Add(time.Hour), commonName: "Test CA"}, true)
	leaf := makeCert(t, certSpec{names: []string{"127.0.0.1"}, notBefore: now.Add(-time.Hour), notAfter: now.Add(time.Hour), issuer: ca}, false)
	base := tlsModelServer(t, leaf, llmtest.Options{Flavour: llmtest.LlamaCpp, ContextLength: 12288, APIKey: testKey})
	roots := x509.NewCertPool()
	roots.AddCert(ca.cert)
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}}
	info, err := New(base, WithKey(testKey), WithHTTPClient(hc)).Probe(context.Background(), "")
	if err != nil || info.ContextLength != 12288 {
		t.Fatalf("probe over HTTPS: %+v, %v", info, err)
	}
}

// quietLog drops the TLS server's complaints about the handshakes these
// tests fail on purpose.
func quietLog() *log.Logger { return log.New(io.Discard, "", 0) }
