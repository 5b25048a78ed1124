// Package content reads a web page the way a person reads it: the main
// content, without the menus, related-story lists, comment threads and
// sidebars around it.
//
// The browser knows what a person can see (computed styles, shadow
// roots, what scripts added) and serialises the visible DOM; this package
// chooses the main content of that HTML. The choice is made by a
// maintained extraction library (see library.go); the page's structure,
// which the library flattens or drops (headings, tables, code blocks), is
// rebuilt from the page itself: every block of the visible page is kept
// or left out by how much of its text the library kept (vote.go). Where
// the library keeps too little of a page that is not an index of links (a
// table of figures, a product page, a forum thread), the whole visible
// page minus its navigation is read instead, and the Document says so.
//
// It is pure Go: the browser package calls Read with what its walker
// returned, and the tests read saved pages without a browser.
package content
