package main

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"strings"
	"testing"

	"github.com/tc-hib/winres"
	"github.com/tc-hib/winres/version"
)

// TestResources builds the resources from the repository's wails.json and
// manifest template and reads them back: the icon in group 3 at every size,
// the manifest with what the issue asks of it, and the version information
// with wails.json's version and names.
func TestResources(t *testing.T) {
	p, err := readProject("../../wails.json")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := os.ReadFile("../windows/scout.exe.manifest")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := resources(p, testIcon(t), string(tmpl))
	if err != nil {
		t.Fatal(err)
	}

	icon, err := rs.GetIcon(winres.ID(iconGroup))
	if err != nil {
		t.Fatalf("icon group %d: %v", iconGroup, err)
	}
	var ico strings.Builder
	if err := icon.SaveICO(&ico); err != nil {
		t.Fatal(err)
	}
	if got := int(ico.String()[4]); got != len(iconSizes) {
		t.Errorf("the icon holds %d images, want %d", got, len(iconSizes))
	}

	manifest := string(rs.Get(winres.RT_MANIFEST, winres.ID(1), winres.LCIDDefault))
	for _, want := range []string{
		`name="Microsoft.Windows.Common-Controls" version="6.0.0.0"`,
		`<requestedExecutionLevel level="asInvoker"`,
		`>true/pm</dpiAware>`,
		`>permonitorv2,permonitor</dpiAwareness>`,
		`version="` + fourParts(p.Info.ProductVersion) + `"`,
	} {
		if !strings.Contains(manifest, want) {
			t.Errorf("the manifest lacks %s:\n%s", want, manifest)
		}
	}

	vi, err := version.FromBytes(rs.Get(winres.RT_VERSION, winres.ID(1), version.LangNeutral))
	if err != nil {
		t.Fatalf("version information: %v", err)
	}
	strs := versionStrings(t, vi)
	for key, want := range map[string]string{
		version.ProductVersion: p.Info.ProductVersion, version.FileVersion: p.Info.ProductVersion,
		version.ProductName: "Scout", version.CompanyName: p.Info.CompanyName,
		version.LegalCopyright: p.Info.Copyright, version.OriginalFilename: "scout.exe",
	} {
		if strs[key] != want {
			t.Errorf("version information %s: %q, want %q", key, strs[key], want)
		}
	}
}

// versionStrings returns the language-neutral strings of version
// information.
func versionStrings(t *testing.T, vi *version.Info) map[string]string {
	t.Helper()
	data, err := vi.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Info map[string]map[string]string `json:"info"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v.Info["0000"]
}

func TestManifestEscapesAndChecks(t *testing.T) {
	var p project
	p.Name, p.Info.ProductVersion, p.Info.Comments = "scout", "1.2", `Search & <write>`
	got, err := fillManifest(p, `<a v="{{.Version}}">{{.Description}}</a>`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `<a v="1.2.0.0">Search &amp; &lt;write&gt;</a>`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := fillManifest(p, `<a>{{.Name}}</b>`); err == nil {
		t.Error("a manifest that is not well-formed XML was accepted")
	}
	if _, err := fillManifest(p, `<a>{{.Vendor}}</a>`); err == nil {
		t.Error("a template naming an unknown field was accepted")
	}
}

func TestFourParts(t *testing.T) {
	for in, want := range map[string]string{"0.1.0": "0.1.0.0", "2": "2.0.0.0", "1.2.3.4": "1.2.3.4", "1.2.0-rc1": "1.2.0.0"} {
		if got := fourParts(in); got != want {
			t.Errorf("fourParts(%q) = %q, want %q", in, got, want)
		}
	}
}

// testIcon is a plain icon at every size in iconSizes.
func testIcon(t *testing.T) *winres.Icon {
	t.Helper()
	var images []image.Image
	for _, size := range iconSizes {
		img := image.NewNRGBA(image.Rect(0, 0, size, size))
		for i := range img.Pix {
			img.Pix[i] = 0xff
		}
		img.Set(0, 0, color.NRGBA{R: 0x20, A: 0xff})
		images = append(images, img)
	}
	icon, err := winres.NewIconFromImages(images)
	if err != nil {
		t.Fatal(err)
	}
	return icon
}
