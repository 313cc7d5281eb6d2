package main

import (
	"context"
	"errors"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// refuseReferences refuses references to other packages, as scripts/build/sdkgen does (a module of its
// own at another pkg/v3, so its loader cannot be shared): the collectors schema has none, and an
// SDK generated against whatever plugin happened to be installed would not be reproducible.
// Without a loader, pkg/v3 would start a plugin host to find them.
type refuseReferences struct{}

var errReference = errors.New("this schema refers to another package; sdkgen-dotnet generates self-contained packages only")

func (refuseReferences) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errReference
}

func (refuseReferences) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errReference
}
