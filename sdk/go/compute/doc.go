// Resources of the Compute Cloud API (v4): VPCs, instances, disks, images and more.
package compute
