// Command go-program is the module of the Go programs the plugin form's engine tests run as `runtime: go`
// projects (go-project.ts): each test's project gets this go.mod (its replace of the SDK pointed at
// sdk/go) and go.sum, and writes its own main.go. This one declares a VPC, so `go mod tidy` here keeps
// what every such program needs (the config package too: the reference examples read secrets).
package main

import (
	"github.com/pulumi-compute/pulumi-compute/sdk/go/compute"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		net, err := compute.NewVpc(ctx, "net", &compute.VpcArgs{
			Region: pulumi.String("us-iad"),
			Label:  pulumi.String(config.Get(ctx, "label")),
		})
		if err != nil {
			return err
		}
		ctx.Export("vpcId", net.ID())
		return nil
	})
}
