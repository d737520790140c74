module ${PROJECT}

go 1.25

require (
	github.com/pulumi-compute/pulumi-compute/sdk/go v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.259.0
)
