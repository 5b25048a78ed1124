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

func runGUI() error {
	app := NewApp(settings.NewStore())
	return wails.Run(&options.App{
		Title:            "Scout",
		Width:            windowWidth,
		Height:           windowHeight,
		MinWidth:         windowMinWidth,
		MinHeight:        windowMinHeight,
		AssetServer:      &assetserver.Options{Assets: assets},
		BackgroundColour: &options.RGBA{R: 247, G: 247, B: 244, A: 255},
		OnStartup:        app.startup,
		OnShutdown:       app.shutdown,
		Bind:             []any{app},
		Linux: &linux.Options{
			Icon:        icon,
			ProgramName: "scout",
			// The app is text and forms: GPU compositing buys nothing and
			// loads a GL stack (on many machines Mesa's LLVM) into memory.
			WebviewGpuPolicy: linux.WebviewGpuPolicyNever,
		},
	})
}
