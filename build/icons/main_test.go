package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestShrink(t *testing.T) {
	white, clear := color.RGBA{255, 255, 255, 255}, color.RGBA{}
	red, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}
	tests := []struct {
		name string
		src  [][]color.RGBA
		size int
		want [][]color.RGBA
	}{{
		name: "halving averages each square of four",
		src:  [][]color.RGBA{{red, red, blue, blue}, {red, red, blue, blue}, {white, white, clear, clear}, {white, white, clear, clear}},
		size: 2,
		want: [][]color.RGBA{{red, blue}, {white, clear}},
	}, {
		name: "a transparent neighbour thins the colour without darkening it",
		src:  [][]color.RGBA{{white, clear}, {white, clear}},
		size: 1,
		// premultiplied: half-covered white, which is white at half opacity
		want: [][]color.RGBA{{{128, 128, 128, 128}}},
	}, {
		name: "three to two shares the middle pixel",
		src:  [][]color.RGBA{{red, blue, blue}, {red, blue, blue}, {red, blue, blue}},
		size: 2,
		// the left pixel: 2/3 red, 1/3 blue
		want: [][]color.RGBA{{{170, 0, 85, 255}, blue}, {{170, 0, 85, 255}, blue}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := shrink(picture(tc.src), tc.size)
			for y, row := range tc.want {
				for x, want := range row {
					if c := got.RGBAAt(x, y); c != want {
						t.Errorf("pixel %d,%d = %v, want %v", x, y, c, want)
					}
				}
			}
		})
	}
}

func TestCoverageSharesAddUp(t *testing.T) {
	for _, size := range sizes {
		for d, taps := range coverage(512, size) {
			var sum float64
			for _, tp := range taps {
				sum += tp.weight
			}
			if sum < 0.999999 || sum > 1.000001 {
				t.Errorf("512 to %d: pixel %d's shares add up to %v", size, d, sum)
			}
		}
	}
}

// TestWrite writes the repository's icon and checks each file's size.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := write(filepath.Join("..", "appicon.png"), dir, "scout"); err != nil {
		t.Fatal(err)
	}
	for _, size := range sizes {
		path := filepath.Join(dir, fmt.Sprintf("%dx%d", size, size), "apps", "scout.png")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != size || cfg.Height != size {
			t.Errorf("%s: %dx%d, %v; want %dx%d", path, cfg.Width, cfg.Height, err, size, size)
		}
	}
	if err := write(filepath.Join("..", "appicon.png"), dir, "scout"); err != nil {
		t.Errorf("writing over an earlier run: %v", err)
	}
}

func TestWriteRefusesANonSquareSource(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "wide.png")
	f, err := os.Create(src)
	if err != nil {
		t.Fatal(err)
	}
	png.Encode(f, image.NewRGBA(image.Rect(0, 0, 1024, 512)))
	f.Close()
	if err := write(src, dir, "scout"); err == nil {
		t.Fatal("a 1024x512 source was accepted")
	}
}

func picture(rows [][]color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, len(rows[0]), len(rows)))
	for y, row := range rows {
		for x, c := range row {
			img.SetRGBA(x, y, c)
		}
	}
	return img
}
