package main

import (
	"github.com/pulumi-compute/pulumi-compute/sdk/go/compute"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A VPC and a subnet, labelled after the stack: labels are unique in the account.
		vpc, err := compute.NewVpc(ctx, "net", &compute.VpcArgs{
			Region: pulumi.String("us-iad"),
			Label:  pulumi.String(ctx.Stack() + "-net"),
		})
		if err != nil {
			return err
		}
		app, err := compute.NewSubnet(ctx, "app", &compute.SubnetArgs{
			VpcId: vpc.ID().ToStringOutput(),
			Label: pulumi.String("app"),
			Ipv4:  pulumi.String("10.0.1.0/24"),
		})
		if err != nil {
			return err
		}
		ctx.Export("vpcId", vpc.ID())
		ctx.Export("subnetId", app.ID())
		return nil
	})
}
