package llm

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/scout-research/scout/backend/phrase"
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

// dateShown is how a certificate's dates are written in English, as the
// window writes a day in English (the window writes them in its language
// from the day itself, phrase.Day).
const dateShown = "2 Jan 2006"

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
		return said(ErrCertificate, "certName", "host", host, "names", certNames(hostErr.Certificate), "name", hostErr.Host)
	case errors.As(err, &unknown) && isSelfSigned(unknown.Cert):
		return said(ErrCertificate, "selfSigned", "host", host)
	case errors.As(err, &unknown):
		return said(ErrCertificate, "untrusted", "host", host, "issuer", issuerName(unknown.Cert))
	case errors.As(err, &invalid):
		return said(ErrCertificate, "certInvalid", "host", host, "detail", invalid.Detail)
	case errors.As(err, &record) || strings.Contains(err.Error(), plainAnswer):
		return said(ErrNotHTTPS, "plainHTTP", "host", host, "url", strings.Replace(base, "https://", "http://", 1))
	}
	var verify *tls.CertificateVerificationError
	var alert tls.AlertError
	if errors.As(err, &verify) || errors.As(err, &alert) {
		return said(ErrCertificate, "tlsFailed", "host", host, "error", unwrapURLError(err).Error())
	}
	return nil
}

// expiredCert explains a certificate used outside its dates: expired, or
// not valid yet (which a wrong clock here causes as often as the server).
func expiredCert(host string, cert *x509.Certificate, now time.Time) *Error {
	today := dayOf(now)
	if cert != nil && now.Before(cert.NotBefore) {
		return said(ErrCertificate, "notYetValid", "host", host, "from", dayOf(cert.NotBefore), "today", today)
	}
	if cert == nil {
		return said(ErrCertificate, "expiredUndated", "host", host, "today", today)
	}
	return said(ErrCertificate, "expired", "host", host, "ended", dayOf(cert.NotAfter), "today", today)
}

// dayOf is t's day as a message's value: in English, and as the day the
// window writes its way. A certificate's dates are in UTC; the day is
// this computer's, as its clock's "today" is.
func dayOf(t time.Time) worded {
	t = t.Local()
	return worded{t.Format(dateShown), phrase.DayOf(t)}
}

// isSelfSigned reports whether cert signed itself (a server's own
// certificate often does without being marked as an authority, which
// CheckSignatureFrom would want).
func isSelfSigned(cert *x509.Certificate) bool {
	return cert != nil && bytes.Equal(cert.RawIssuer, cert.RawSubject) &&
		cert.CheckSignature(cert.SignatureAlgorithm, cert.RawTBSCertificate, cert.Signature) == nil
}

// issuerName is who signed cert, as its issuer names itself, in quotes.
func issuerName(cert *x509.Certificate) any {
	if cert == nil {
		return wordsOf("unknownAuthority")
	}
	if cert.Issuer.CommonName != "" {
		return strconv.Quote(cert.Issuer.CommonName)
	}
	return strconv.Quote(cert.Issuer.String())
}

// certNames lists the names and addresses a certificate is for.
func certNames(cert *x509.Certificate) any {
	if cert == nil {
		return wordsOf("anotherName")
	}
	names := append([]string(nil), cert.DNSNames...)
	for _, ip := range cert.IPAddresses {
		names = append(names, ip.String())
	}
	if len(names) == 0 && cert.Subject.CommonName != "" {
		names = append(names, cert.Subject.CommonName)
	}
	if len(names) == 0 {
		return wordsOf("noName")
	}
	return strings.Join(names, ", ")
}
