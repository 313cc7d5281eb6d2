package main

import (
	"fmt"
	"path"
	"runtime/debug"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"golang.org/x/mod/modfile"
)

const goSDK = "github.com/pulumi/pulumi/sdk/v3"

// withGoMod makes the Go SDK a module of its own that requires the Go SDK module at the
// version this tool was built with (the one scripts/toolchain/pulumi-cli/go.mod pins, like the
// @pulumi/pulumi in package.json). The generator writes a go.mod only for `supportPack`
// schemas, and then pins an SDK version of its own choosing.
func withGoMod(pkg *schema.Package, files map[string][]byte) (map[string][]byte, error) {
	version, err := goSDKVersion()
	if err != nil {
		return nil, err
	}
	mod := &modfile.File{}
	if text, ok := files["go.mod"]; ok {
		if mod, err = modfile.Parse("go.mod", text, nil); err != nil {
			return nil, fmt.Errorf("the generated go.mod: %w", err)
		}
	} else {
		importBase := gogen.ExtractImportBasePath(pkg.Reference())
		if info, ok := pkg.Language["go"].(gogen.GoPackageInfo); ok && info.ImportBasePath != "" {
			importBase = info.ImportBasePath
		}
		// The generator writes the package into a folder named like the import path's last
		// element: the module is the import path's parent.
		if _, ok := files[path.Join(path.Base(importBase), "init.go")]; !ok {
			return nil, fmt.Errorf("no %s/init.go among the generated files: cannot place the module of %s",
				path.Base(importBase), importBase)
		}
		if err := mod.AddModuleStmt(path.Dir(importBase)); err != nil {
			return nil, err
		}
		if err := mod.AddGoStmt("1.25"); err != nil {
			return nil, err
		}
	}
	if err := mod.AddRequire(goSDK, version); err != nil {
		return nil, err
	}
	text, err := mod.Format()
	if err != nil {
		return nil, err
	}
	files["go.mod"] = text
	return files, nil
}

func goSDKVersion() (string, error) {
	info, ok := debug.ReadBuildInfo()
	if ok {
		for _, dep := range info.Deps {
			if dep.Path == goSDK {
				return dep.Version, nil
			}
		}
	}
	return "", fmt.Errorf("cannot tell which %s this tool was built with", goSDK)
}
