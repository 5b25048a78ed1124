package browser

import (
	"fmt"

	"github.com/mxschmitt/playwright-go"

	"github.com/scout-research/scout/backend/netguard"
)

// PrintPDF renders a self-contained HTML document to a PDF file at path
// with a headless browser of its own (Chromium prints only headless). The
// document loads nothing: every request it makes is refused.
func PrintPDF(executable, html, path string) error {
	br, err := Launch(Options{Executable: executable, Headless: true, Guard: &netguard.Guard{}})
	if err != nil {
		return err
	}
	defer br.Close()
	bc, err := br.b.NewContext(playwright.BrowserNewContextOptions{JavaScriptEnabled: playwright.Bool(false)})
	if err != nil {
		return fmt.Errorf("cannot open a page to print: %w", err)
	}
	defer bc.Close()
	if err := bc.Route("**/*", func(r playwright.Route) { _ = r.Abort("blockedbyclient") }); err != nil {
		return err
	}
	page, err := bc.NewPage()
	if err != nil {
		return fmt.Errorf("cannot open a page to print: %w", err)
	}
	if err := page.SetContent(html); err != nil {
		return fmt.Errorf("cannot lay out the report: %w", err)
	}
	if _, err := page.PDF(playwright.PagePdfOptions{
		Path: playwright.String(path), Format: playwright.String("A4"), PrintBackground: playwright.Bool(true),
		Margin: &playwright.Margin{Top: playwright.String("16mm"), Bottom: playwright.String("16mm"), Left: playwright.String("14mm"), Right: playwright.String("14mm")},
	}); err != nil {
		return fmt.Errorf("cannot print the report to %s: %w", path, err)
	}
	return nil
}
