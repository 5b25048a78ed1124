package llm

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"strings"
	"time"
)

// A server on another computer is reached over HTTPS, and its certificate
// is checked against this computer's trusted certificates, as a browser
// checks it. When the check fails, the library says "x509: certificate
// signed by unknown authority"; a user needs to know which of the few
// things went wrong, whether it is theirs to fix, and how. Scout never
// skips the check: the API key goes with every request, and a server
// that cannot prove who it is could be anyone on the network.

// trustHint says how a certificate of one's own is made trusted here.
const trustHint = "add it to this computer's trusted certificates (Debian and Ubuntu: copy it as a .crt file into /usr/local/share/ca-certificates/ and run sudo update-ca-certificates; macOS: Keychain Access; Windows: certmgr) and test again"

// plainAnswer is how net/http says a plain HTTP server answered an HTTPS
// request (it has no error type for it).
const plainAnswer = "server gave HTTP response to HTTPS client"

// dateShown is how a certificate's dates are shown.
const dateShown = "2 January 2006"

// explainTLS explains a failed HTTPS connection to base, or returns nil
// when err is not one.
func explainTLS(err error, base string) *Error {
	host := hostOf(base)
	var unknown x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	switch {
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return expiredCert(host, invalid.Cert, time.Now())
	case errors.As(err, &hostErr):
		return newError(ErrCertificate, "The model server at %s presents a certificate that is for %s, not for %s, so Scout cannot tell it is the server you meant. Use the name the certificate is for in the server URL, or give the server a certificate for %s.",
			host, certNames(hostErr.Certificate), hostErr.Host, hostErr.Host)
	case errors.As(err, &unknown) && isSelfSigned(unknown.Cert):
		return newError(ErrCertificate, "The model server at %s presents a self-signed certificate, which Scout cannot check: anyone on the network could present one. If the server is yours, %s; or give the server a certificate from a public authority such as Let's Encrypt.", host, trustHint)
	case errors.As(err, &unknown):
		return newError(ErrCertificate, "The model server at %s presents a certificate signed by %q, an authority this computer does not trust. If that authority is your own (a home or company one), %s. If not, the connection may be intercepted: check the URL and the network.", host, issuerName(unknown.Cert), trustHint)
	case errors.As(err, &invalid):
		return newError(ErrCertificate, "The model server at %s presents a certificate that cannot be used (%s). Give the server a valid certificate for its name.", host, invalid.Detail)
	case errors.As(err, &record) || strings.Contains(err.Error(), plainAnswer):
		return newError(ErrNotHTTPS, "The server at %s does not speak HTTPS on this port: it answered in plain HTTP. Use %s in Settings (LM Studio, llama-server and Ollama serve plain HTTP unless an HTTPS proxy is put in front of them).", host, strings.Replace(base, "https://", "http://", 1))
	}
	var verify *tls.CertificateVerificationError
	var alert tls.AlertError
	if errors.As(err, &verify) || errors.As(err, &alert) {
		return newError(ErrCertificate, "The secure connection (HTTPS) to the model server at %s failed: %v. Check the URL and the server's certificate.", host, unwrapURLError(err))
	}
	return nil
}

// expiredCert explains a certificate used outside its dates: expired, or
// not valid yet (which a wrong clock here causes as often as the server).
func expiredCert(host string, cert *x509.Certificate, now time.Time) *Error {
	today := now.Format(dateShown)
	if cert != nil && now.Before(cert.NotBefore) {
		return newError(ErrCertificate, "The model server at %s presents a certificate that is not valid until %s, and this computer's clock says %s. If the date here is wrong, set the clock right; otherwise the server's certificate was made with a wrong date: make it again.", host, cert.NotBefore.Format(dateShown), today)
	}
	ended := "an earlier date"
	if cert != nil {
		ended = cert.NotAfter.Format(dateShown)
	}
	return newError(ErrCertificate, "The model server at %s presents a certificate expired on %s (this computer's clock says %s). Renew the certificate on the server (for a hosted service, tell its operator); if the date here is wrong, set the clock right.", host, ended, today)
}

// isSelfSigned reports whether cert signed itself (a server's own
// certificate often does without being marked as an authority, which
// CheckSignatureFrom would want).
func isSelfSigned(cert *x509.Certificate) bool {
	return cert != nil && bytes.Equal(cert.RawIssuer, cert.RawSubject) &&
		cert.CheckSignature(cert.SignatureAlgorithm, cert.RawTBSCertificate, cert.Signature) == nil
}

// issuerName is who signed cert, as its issuer names itself.
func issuerName(cert *x509.Certificate) string {
	if cert == nil {
		return "an unknown authority"
	}
	if cert.Issuer.CommonName != "" {
		return cert.Issuer.CommonName
	}
	return cert.Issuer.String()
}

// certNames lists the names and addresses a certificate is for.
func certNames(cert *x509.Certificate) string {
	if cert == nil {
		return "another name"
	}
	names := append([]string(nil), cert.DNSNames...)
	for _, ip := range cert.IPAddresses {
		names = append(names, ip.String())
	}
	if len(names) == 0 && cert.Subject.CommonName != "" {
		names = append(names, cert.Subject.CommonName)
	}
	if len(names) == 0 {
		return "no name at all"
	}
	return strings.Join(names, ", ")
}
