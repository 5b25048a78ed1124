// Command winres writes the resources Scout's Windows program carries, as
// a .syso object that go build links into the .exe when it lies in the main
// package's folder, the way Wails' own build does (with the same library):
//
//	go run ./build/winres -wails wails.json -icons build/bin/icons/hicolor \
//	    -manifest build/windows/scout.exe.manifest \
//	    -syso rsrc_windows_amd64.syso -ico build/bin/windows/scout.ico
//
// The resources are the icon (group 3, where Wails loads the window's icon
// from), the manifest, and version information from wails.json's info. The
// .ico written beside is the same icon, for the installer.
package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/tc-hib/winres"
	"github.com/tc-hib/winres/version"
)

// iconGroup is the icon's resource ID: Wails' Windows window loads its icon
// from resource 3 (and Explorer shows the group with the lowest ID).
const iconGroup = 3

// iconSizes are the sizes in the .ico: 16 to 48 for title bars, the taskbar
// and lists, 256 for Explorer's large views. They are taken from the PNGs
// build/icons makes, so Windows shows the same pixels as Linux desktops.
var iconSizes = []int{16, 24, 32, 48, 64, 128, 256}

// project is what the resources take from wails.json.
type project struct {
	Name           string `json:"name"`
	OutputFilename string `json:"outputfilename"`
	Info           struct {
		CompanyName    string `json:"companyName"`
		ProductName    string `json:"productName"`
		ProductVersion string `json:"productVersion"`
		Copyright      string `json:"copyright"`
		Comments       string `json:"comments"`
	} `json:"info"`
}

func main() {
	wailsJSON := flag.String("wails", "wails.json", "the project file with the name and version")
	icons := flag.String("icons", "", "the hicolor theme folder build/icons wrote (required)")
	manifest := flag.String("manifest", "build/windows/scout.exe.manifest", "the manifest's template")
	syso := flag.String("syso", "", "the object file to write (required)")
	ico := flag.String("ico", "", "also write the icon as an .ico file here")
	flag.Parse()
	if *icons == "" || *syso == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: winres -wails wails.json -icons THEME_DIR -manifest TEMPLATE -syso OUT.syso [-ico OUT.ico]")
		os.Exit(2)
	}
	if err := write(*wailsJSON, *icons, *manifest, *syso, *ico); err != nil {
		fmt.Fprintln(os.Stderr, "winres:", err)
		os.Exit(1)
	}
}

func write(wailsJSON, icons, manifest, syso, ico string) error {
	p, err := readProject(wailsJSON)
	if err != nil {
		return err
	}
	icon, err := loadIcon(icons)
	if err != nil {
		return err
	}
	tmpl, err := os.ReadFile(manifest)
	if err != nil {
		return err
	}
	rs, err := resources(p, icon, string(tmpl))
	if err != nil {
		return err
	}
	var obj bytes.Buffer
	if err := rs.WriteObject(&obj, winres.ArchAMD64); err != nil {
		return err
	}
	if err := os.WriteFile(syso, obj.Bytes(), 0o644); err != nil {
		return err
	}
	if ico == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := icon.SaveICO(&buf); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(ico), 0o755); err != nil {
		return err
	}
	return os.WriteFile(ico, buf.Bytes(), 0o644)
}

func readProject(path string) (project, error) {
	var p project
	data, err := os.ReadFile(path)
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return p, fmt.Errorf("%s: %w", path, err)
	}
	if p.Name == "" || p.Info.ProductName == "" || p.Info.ProductVersion == "" {
		return p, fmt.Errorf("%s lacks name, info.productName or info.productVersion", path)
	}
	if p.OutputFilename == "" {
		p.OutputFilename = p.Name
	}
	return p, nil
}

// loadIcon reads the PNG of each size in iconSizes from a hicolor theme
// folder (SIZExSIZE/apps/*.png, one icon).
func loadIcon(dir string) (*winres.Icon, error) {
	var images []image.Image
	for _, size := range iconSizes {
		paths, err := filepath.Glob(filepath.Join(dir, fmt.Sprintf("%dx%d", size, size), "apps", "*.png"))
		if err != nil || len(paths) != 1 {
			return nil, fmt.Errorf("%s: want one %dx%d icon, found %d: run build/icons first", dir, size, size, len(paths))
		}
		img, err := readPNG(paths[0])
		if err != nil {
			return nil, err
		}
		images = append(images, img)
	}
	return winres.NewIconFromImages(images)
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// resources is the icon, the manifest (its template filled in with the
// project's name, version and comments) and the version information.
func resources(p project, icon *winres.Icon, manifestTemplate string) (*winres.ResourceSet, error) {
	rs := &winres.ResourceSet{}
	if err := rs.SetIcon(winres.ID(iconGroup), icon); err != nil {
		return nil, err
	}
	manifest, err := fillManifest(p, manifestTemplate)
	if err != nil {
		return nil, err
	}
	// Set, not SetManifest: winres would rewrite the XML from its own model,
	// which has no per-monitor (v1) fallback for Windows 10 before 1703.
	if err := rs.Set(winres.RT_MANIFEST, winres.ID(1), winres.LCIDDefault, manifest); err != nil {
		return nil, err
	}
	vi, err := versionInfo(p)
	if err != nil {
		return nil, err
	}
	rs.SetVersionInfo(vi)
	return rs, nil
}

// fillManifest fills in the template and checks the result is well-formed
// XML, since Windows refuses to start a program whose manifest is not.
func fillManifest(p project, text string) ([]byte, error) {
	tmpl, err := template.New("manifest").Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = tmpl.Execute(&buf, map[string]string{
		"Name":        escape(p.Name),
		"Version":     escape(fourParts(p.Info.ProductVersion)),
		"Description": escape(p.Info.Comments),
	})
	if err != nil {
		return nil, err
	}
	for d := xml.NewDecoder(bytes.NewReader(buf.Bytes())); ; {
		if _, err := d.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("the manifest is not well-formed XML: %w", err)
		}
	}
	return buf.Bytes(), nil
}

func escape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// fourParts writes a version as the four numbers Windows wants (0.1.0 is
// 0.1.0.0); a suffix (1.2.0-rc1) is left out.
func fourParts(v string) string {
	v, _, _ = strings.Cut(v, "-")
	parts := strings.Split(v, ".")
	for len(parts) < 4 {
		parts = append(parts, "0")
	}
	return strings.Join(parts[:4], ".")
}

// versionInfo is what Explorer's Details tab and the Task Manager show.
func versionInfo(p project) (version.Info, error) {
	var vi version.Info
	vi.SetFileVersion(p.Info.ProductVersion)
	vi.SetProductVersion(p.Info.ProductVersion)
	for key, value := range map[string]string{
		version.CompanyName:      p.Info.CompanyName,
		version.FileDescription:  p.Info.ProductName,
		version.ProductName:      p.Info.ProductName,
		version.LegalCopyright:   p.Info.Copyright,
		version.Comments:         p.Info.Comments,
		version.InternalName:     p.Name,
		version.OriginalFilename: p.OutputFilename + ".exe",
	} {
		if value == "" {
			continue
		}
		if err := vi.Set(version.LangNeutral, key, value); err != nil {
			return vi, fmt.Errorf("version information %s: %w", key, err)
		}
	}
	return vi, nil
}
