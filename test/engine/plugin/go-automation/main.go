// Command go-automation is a Go Automation API inline program on the generated Go SDK
// (sdk/go/compute): a VPC, a subnet of it and an instance, served by this repository's resource plugin.
//
//	go-automation up|preview|refresh|destroy
//
// It acts on the stack `test` of the project `go-automation` in the directory $COMPUTE_WORK_DIR, with
// the plugin in $COMPUTE_PLUGIN_DIR and the API at $COMPUTE_STACK_API_URL ($COMPUTE_STACK_TOKEN, kept
// as a secret). Progress goes to stderr; the last line of stdout is the result as JSON: the change
// summary and the stack's outputs.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pulumi-compute/pulumi-compute/sdk/go/compute"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func program(ctx *pulumi.Context) error {
	net, err := compute.NewVpc(ctx, "net", &compute.VpcArgs{
		Region: pulumi.String("us-iad"),
		Label:  pulumi.String("go-net"),
	})
	if err != nil {
		return err
	}
	// Its vpcId output is an ID reference: a string in the schema, read back typed by the SDK.
	sub, err := compute.NewSubnet(ctx, "sub", &compute.SubnetArgs{
		VpcId: net.ID().ToStringOutput(),
		Label: pulumi.String("go-sub"),
		Ipv4:  pulumi.String("10.0.1.0/24"),
	})
	if err != nil {
		return err
	}
	web, err := compute.NewInstance(ctx, "web", &compute.InstanceArgs{
		Region:   pulumi.String("us-iad"),
		Type:     pulumi.String("g6-standard-1"),
		Label:    pulumi.String("go-web"),
		Image:    pulumi.String("compute/debian12"),
		RootPass: pulumi.String(os.Getenv("COMPUTE_ROOT_PASS")),
	})
	if err != nil {
		return err
	}
	ctx.Export("vpcId", net.ID())
	ctx.Export("instanceId", web.ID())
	ctx.Export("subnetVpcId", sub.VpcId)
	ctx.Export("status", web.Status)
	// An integer of the contract (specs.memory) is an int in the SDK, not a float64.
	ctx.Export("memory", web.Specs.Memory().ApplyT(func(m int) string { return fmt.Sprintf("%T %d", m, m) }))
	return nil
}

type result struct {
	Summary map[string]int         `json:"summary"`
	Outputs map[string]interface{} `json:"outputs,omitempty"`
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: go-automation up|preview|refresh|destroy"))
	}
	ctx := context.Background()
	project := workspace.Project{
		Name:    "go-automation",
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Plugins: &workspace.Plugins{Providers: []workspace.PluginOptions{
			{Name: "compute", Path: os.Getenv("COMPUTE_PLUGIN_DIR")},
		}},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "test", "go-automation", program,
		auto.Project(project), auto.WorkDir(os.Getenv("COMPUTE_WORK_DIR")))
	if err != nil {
		fail(err)
	}
	if err := stack.SetAllConfig(ctx, auto.ConfigMap{
		"compute:apiUrl": {Value: os.Getenv("COMPUTE_STACK_API_URL")},
		"compute:token":  {Value: os.Getenv("COMPUTE_STACK_TOKEN"), Secret: true},
	}); err != nil {
		fail(err)
	}
	var res result
	switch os.Args[1] {
	case "up":
		up, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			fail(err)
		}
		res.Summary = changes(up.Summary.ResourceChanges)
		res.Outputs = map[string]interface{}{}
		for name, out := range up.Outputs {
			res.Outputs[name] = out.Value
		}
	case "preview":
		preview, err := stack.Preview(ctx, optpreview.ProgressStreams(os.Stderr))
		if err != nil {
			fail(err)
		}
		res.Summary = map[string]int{}
		for op, n := range preview.ChangeSummary {
			res.Summary[string(op)] = n
		}
	case "refresh":
		refresh, err := stack.Refresh(ctx, optrefresh.ProgressStreams(os.Stderr))
		if err != nil {
			fail(err)
		}
		res.Summary = changes(refresh.Summary.ResourceChanges)
	case "destroy":
		destroy, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr))
		if err != nil {
			fail(err)
		}
		res.Summary = changes(destroy.Summary.ResourceChanges)
	default:
		fail(fmt.Errorf("unknown command %q", os.Args[1]))
	}
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
}

func changes(c *map[string]int) map[string]int {
	if c == nil {
		return map[string]int{}
	}
	return *c
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "go-automation:", err)
	os.Exit(1)
}
