// Builds actionlint, the linter of GitHub Actions workflows, for test/scripts/release-workflow.test.ts:
// github.com/rhysd/actionlint's cmd/actionlint, a tool of this module, at the versions its own
// go.mod selects. A module of its own so that moving it touches no other build's go.sum. actionlint
// also runs shellcheck on every `run:` script when shellcheck is on the PATH (Debian's package
// shellcheck; the test requires it). To move: `go get -tool github.com/rhysd/actionlint/cmd/actionlint@<version>`.
module github.com/pulumi-collectors/actionlint

go 1.25.11

tool github.com/rhysd/actionlint/cmd/actionlint

require (
	github.com/bmatcuk/doublestar/v4 v4.10.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/fatih/color v1.19.0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/mattn/go-runewidth v0.0.21 // indirect
	github.com/mattn/go-shellwords v1.0.12 // indirect
	github.com/rhysd/actionlint v1.7.12 // indirect
	github.com/robfig/cron/v3 v3.0.1 // indirect
	go.yaml.in/yaml/v4 v4.0.0-rc.3 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.42.0 // indirect
)
