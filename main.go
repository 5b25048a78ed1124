// Command scout is a desktop research agent driven by a local language
// model. Started without arguments it opens the desktop app; with a command
// (see `scout help`) it works headless in the terminal.
package main

import (
	"embed"
	"fmt"
	"os"
	"strings"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/linux"

	"github.com/scout-research/scout/backend/cli"
	"github.com/scout-research/scout/backend/desktop"
	"github.com/scout-research/scout/backend/settings"
)

//go:embed all:frontend/dist
var assets embed.FS

//go:embed build/appicon.png
var icon []byte

// Window size: the default fits a 1366x768 laptop screen; the minimum is the
// smallest size the layout is designed for.
const (
	windowWidth     = 1180
	windowHeight    = 780
	windowMinWidth  = 900
	windowMinHeight = 600
)

func main() {
	if len(os.Args) > 1 && isCommand(os.Args[1]) {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	if err := runGUI(); err != nil {
		fmt.Fprintln(os.Stderr, "scout:", err)
		os.Exit(1)
	}
}

// isCommand tells a command-line invocation from the GUI: Wails' dev build
// takes flags of its own (-assetdir, -devserver), so only a bare word or a
// help or version flag selects the command line.
func isCommand(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "-version", "--version":
		return true
	}
	return !strings.HasPrefix(arg, "-")
}

// The window's colour before the page paints: app.css's --bg, light and dark.
var (
	lightBackground = &options.RGBA{R: 0xf7, G: 0xf7, B: 0xf4, A: 255}
	darkBackground  = &options.RGBA{R: 0x16, G: 0x19, B: 0x1b, A: 255}
)

func runGUI() error {
	if err := desktop.CheckDisplay(); err != nil {
		return err
	}
	app := NewApp(settings.NewStore())
	background := lightBackground
	gtkTheme, dark := desktop.SystemTheme()
	if dark {
		background = darkBackground
	}
	if gtkTheme != "" {
		// Read by GTK as the window opens; domReady takes it back.
		os.Setenv("GTK_THEME", gtkTheme)
		app.themeSet = true
	}
	return wails.Run(&options.App{
		Title:            "Scout",
		Width:            windowWidth,
		Height:           windowHeight,
		MinWidth:         windowMinWidth,
		MinHeight:        windowMinHeight,
		AssetServer:      &assetserver.Options{Assets: assets},
		BackgroundColour: background,
		OnStartup:        app.startup,
		OnDomReady:       app.domReady,
		OnShutdown:       app.shutdown,
		Bind:             []any{app},
		ErrorFormatter:   desktop.WindowError,
		Linux: &linux.Options{
			Icon:        icon,
			ProgramName: "scout",
			// The app is text and forms: GPU compositing buys nothing and
			// loads a GL stack (on many machines Mesa's LLVM) into memory.
			WebviewGpuPolicy: linux.WebviewGpuPolicyNever,
		},
	})
}
