import pulumi
import pulumi_compute as compute

# A VPC and a subnet, labelled after the stack: labels are unique in the account.
vpc = compute.Vpc("net", region="us-iad", label=f"{pulumi.get_stack()}-net")
app = compute.Subnet("app", vpc_id=vpc.id, label="app", ipv4="10.0.1.0/24")

pulumi.export("vpcId", vpc.id)
pulumi.export("subnetId", app.id)
