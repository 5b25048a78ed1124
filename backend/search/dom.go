package search

import (
	"strings"

	"golang.org/x/net/html"
)

// hasClass reports whether element n has the class name c.
func hasClass(n *html.Node, c string) bool {
	return classWith(n, func(name string) bool { return name == c })
}

// hasClassPrefix reports whether element n has a class starting with p.
func hasClassPrefix(n *html.Node, p string) bool {
	return classWith(n, func(name string) bool { return strings.HasPrefix(name, p) })
}

func classWith(n *html.Node, match func(string) bool) bool {
	if n.Type != html.ElementNode {
		return false
	}
	for _, c := range strings.Fields(attr(n, "class")) {
		if match(c) {
			return true
		}
	}
	return false
}

// attr returns the value of n's attribute key, or "".
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// textOf returns all text below n, tags such as <b> flattened away.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			return
		}
		if n.Type == html.ElementNode && (n.Data == "script" || n.Data == "style") {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// find returns the first element below n (n excluded) that match accepts.
func find(n *html.Node, match func(*html.Node) bool) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && match(c) {
			return c
		}
		if f := find(c, match); f != nil {
			return f
		}
	}
	return nil
}

// hasAncestor reports whether an element above n matches.
func hasAncestor(n *html.Node, match func(*html.Node) bool) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && match(p) {
			return true
		}
	}
	return false
}
