package netguard

import (
	"net/netip"
	"strconv"
	"strings"
)

// Ranges that netip has no method for. 198.18.0.0/15 (benchmarking) is
// left out on purpose: VPN apps in "fake IP" mode (Clash, Surge) answer
// every name with an address there and route it to the real site, and on
// other networks it leads nowhere.
var extraPrivate = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),     // "this network"; 0.0.0.0 reaches this computer
	netip.MustParsePrefix("100.64.0.0/10"), // carrier-grade NAT, shared inside a provider
	netip.MustParsePrefix("192.0.0.0/24"),  // IETF protocol assignments
	netip.MustParsePrefix("255.255.255.255/32"),
}

// IsPrivate reports whether addr is on this computer or a local network:
// loopback, private, link-local (including cloud metadata at 169.254.x),
// unspecified, multicast, and the special ranges above.
func IsPrivate(addr netip.Addr) bool {
	addr = addr.Unmap()
	if v4, ok := embeddedIPv4(addr); ok {
		return IsPrivate(v4)
	}
	if addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast() || addr.IsLinkLocalMulticast() ||
		addr.IsUnspecified() || addr.IsMulticast() || addr.IsInterfaceLocalMulticast() {
		return true
	}
	for _, p := range extraPrivate {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// ParseHost reads host as a browser would when it is an address: IPv6 with
// or without brackets, dotted IPv4, and the numeric forms WHATWG URL
// parsing accepts (2130706433, 0x7f000001, 0177.0.0.1, 127.1).
func ParseHost(host string) (netip.Addr, bool) {
	h := strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if a, err := netip.ParseAddr(h); err == nil {
		return a.Unmap(), true
	}
	return parseLegacyIPv4(h)
}

// parseLegacyIPv4 implements the WHATWG IPv4 parser: one to four parts,
// each decimal, hex (0x) or octal (leading 0); the last part fills the
// remaining bytes.
func parseLegacyIPv4(h string) (netip.Addr, bool) {
	parts := strings.Split(h, ".")
	if len(parts) == 0 || len(parts) > 4 {
		return netip.Addr{}, false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return netip.Addr{}, false
		}
		nums[i] = n
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, false
		}
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, false
	}
	v := last
	for i, n := range nums[:len(nums)-1] {
		v += n << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

func parseIPv4Number(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base := 10
	switch {
	case strings.HasPrefix(p, "0x") || strings.HasPrefix(p, "0X"):
		p, base = p[2:], 16
		if p == "" {
			return 0, true
		}
	case len(p) > 1 && p[0] == '0':
		p, base = p[1:], 8
	}
	n, err := strconv.ParseUint(p, base, 32)
	return n, err == nil
}

// embedding are the IPv6 ranges that carry an IPv4 address, with where it
// sits: a translator or tunnel on the path may forward them to it, and a
// stack may treat the old forms as that address, so they are as private as
// it is. NAT64 (well-known and local-use), SIIT's IPv4-translated form
// (::ffff:0:a.b.c.d), the deprecated IPv4-compatible form (::a.b.c.d) and
// 6to4 (2002:aabb:ccdd::).
var embedding = []struct {
	prefix netip.Prefix
	at     int // index of the IPv4 address's first byte
}{
	{netip.MustParsePrefix("64:ff9b::/96"), 12},
	{netip.MustParsePrefix("64:ff9b:1::/48"), 12},
	{netip.MustParsePrefix("::ffff:0:0:0/96"), 12},
	{netip.MustParsePrefix("::/96"), 12},
	{netip.MustParsePrefix("2002::/16"), 2},
}

// embeddedIPv4 is the IPv4 address an IPv6 address carries, if any. The
// unspecified and loopback addresses (::, ::1) are themselves.
func embeddedIPv4(addr netip.Addr) (netip.Addr, bool) {
	if !addr.Is6() || addr.IsUnspecified() || addr.IsLoopback() {
		return netip.Addr{}, false
	}
	for _, e := range embedding {
		if e.prefix.Contains(addr) {
			b := addr.As16()
			return netip.AddrFrom4([4]byte{b[e.at], b[e.at+1], b[e.at+2], b[e.at+3]}), true
		}
	}
	return netip.Addr{}, false
}
