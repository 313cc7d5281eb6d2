package main

// What a user of Python programs does instead of the LanguageRuntime methods this host leaves
// out (hostkit.Unsupported answers them; InstallDependencies is the host's own, install.go).

import "github.com/pulumi-collectors/pulumi-cli/hostkit"

var unsupported = hostkit.Unsupported{
	Host: "Python language host (scripts/toolchain/pulumi-cli/pythonhost)",
	Instead: hostkit.Instead{
		RuntimeOptionsPrompts: "set `virtualenv` in Pulumi.yaml's runtime options",
		Template:              "copy examples/python and edit its Pulumi.yaml",
		RunPlugin:             "package the plugin as an executable and install it with `pulumi plugin install`",
		GenerateProject:       "`pulumi import` generates Python code; add a Pulumi.yaml and a requirements.txt to it by hand",
		GeneratePackage:       "install the pulumi-collectors wheel into the program's virtual environment",
		Pack:                  "build the wheel with `python -m build`",
		Link:                  "install its wheel into the virtual environment and name it in requirements.txt",
	},
}
