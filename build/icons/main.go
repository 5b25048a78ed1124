// Command icons writes Scout's icon at the sizes desktops look for, into an
// icon theme folder laid out as hicolor is (SIZExSIZE/apps/NAME.png), from
// the one large PNG kept in the repository:
//
//	go run ./build/icons -name scout -out build/bin/icons/hicolor build/appicon.png
//
// make install and make package run it, so no resized copies are committed.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
)

// sizes are the hicolor sizes desktops ask for: 16 to 32 for menus, title
// bars and panels, 48 to 64 for launchers, 128 to 512 for docks, app grids
// and HiDPI screens.
var sizes = []int{16, 24, 32, 48, 64, 128, 256, 512}

func main() {
	name := flag.String("name", "scout", "the icon's name, as the desktop entry's Icon= says")
	out := flag.String("out", "", "the theme folder to write into (required)")
	flag.Parse()
	if *out == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: icons -name NAME -out THEME_DIR SOURCE.png")
		os.Exit(2)
	}
	if err := write(flag.Arg(0), *out, *name); err != nil {
		fmt.Fprintln(os.Stderr, "icons:", err)
		os.Exit(1)
	}
}

// write reads the square PNG at src and writes it at every size in sizes
// up to its own under dir.
func write(src, dir, name string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	b := img.Bounds()
	if b.Dx() != b.Dy() {
		return fmt.Errorf("%s is %dx%d: an icon must be square", src, b.Dx(), b.Dy())
	}
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	for _, size := range sizes {
		if size > b.Dx() {
			return fmt.Errorf("%s is %dx%d, smaller than the %d pixels asked for", src, b.Dx(), b.Dy(), size)
		}
		path := filepath.Join(dir, fmt.Sprintf("%dx%d", size, size), "apps", name+".png")
		if err := save(path, shrink(rgba, size)); err != nil {
			return err
		}
	}
	return nil
}

func save(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

// shrink scales the square src down to size by giving each new pixel the
// average of the source area it covers, edge pixels in part (a box filter).
// image.RGBA holds premultiplied colour, so a transparent neighbour adds no
// dark fringe to the rounded corners.
func shrink(src *image.RGBA, size int) *image.RGBA {
	taps := coverage(src.Bounds().Dx(), size)
	dst := image.NewRGBA(image.Rect(0, 0, size, size))
	for y, ty := range taps {
		for x, tx := range taps {
			var r, g, b, a float64
			for _, sy := range ty {
				for _, sx := range tx {
					w := sy.weight * sx.weight
					c := src.RGBAAt(sx.at, sy.at)
					r += w * float64(c.R)
					g += w * float64(c.G)
					b += w * float64(c.B)
					a += w * float64(c.A)
				}
			}
			dst.SetRGBA(x, y, color.RGBA{R: round(r), G: round(g), B: round(b), A: round(a)})
		}
	}
	return dst
}

// tap is one source pixel's share in a new pixel along one axis.
type tap struct {
	at     int
	weight float64
}

// coverage lists, for each of the to new pixels along an axis, the source
// pixels it covers and their shares, which add up to 1.
func coverage(from, to int) [][]tap {
	scale := float64(from) / float64(to)
	out := make([][]tap, to)
	for d := range out {
		lo, hi := float64(d)*scale, float64(d+1)*scale
		for s := int(lo); s < from && float64(s) < hi; s++ {
			if part := min(hi, float64(s+1)) - max(lo, float64(s)); part > 0 {
				out[d] = append(out[d], tap{at: s, weight: part / scale})
			}
		}
	}
	return out
}

func round(v float64) uint8 {
	return uint8(min(255, max(0, v+0.5)))
}
