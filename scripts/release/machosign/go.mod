// machosign: ad-hoc signs the darwin executables of a release (scripts/release/); its own module
// so that its one dependency stays out of the Pulumi CLI's wrapper module.
module github.com/pulumi-collectors/machosign

go 1.25.11

require github.com/blacktop/go-macho v1.1.296

require github.com/blacktop/go-dwarf v1.1.0 // indirect
