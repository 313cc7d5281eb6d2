// Package web is the part of a Go program under test: a web tier's Hosted Collector with an HTTP
// source for its events, on the collectors provider plugin through its Go SDK.
package web

import (
	"github.com/pulumi-collectors/pulumi-collectors/sdk/go/collectors"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// Tier is what WebTier makes.
type Tier struct {
	Collector *collectors.HostedCollector
	Events    *collectors.HttpSource
}

// WebTier makes the web tier of an environment: its logs filed under "<environment>/web".
func WebTier(ctx *pulumi.Context, environment string) (*Tier, error) {
	collector, err := collectors.NewHostedCollector(ctx, "web", &collectors.HostedCollectorArgs{
		Description: pulumi.String("Front door (" + environment + ")"),
		Category:    pulumi.String(environment + "/web"),
		TimeZone:    pulumi.String("UTC"),
	})
	if err != nil {
		return nil, err
	}
	events, err := collectors.NewHttpSource(ctx, "events", &collectors.HttpSourceArgs{
		CollectorId: collector.ID().ToStringOutput(),
		Category:    pulumi.String(environment + "/web/events"),
	})
	if err != nil {
		return nil, err
	}
	return &Tier{Collector: collector, Events: events}, nil
}
