/**
 * What a spec's declared `outputs` are made of besides the contract's fields: an output that holds
 * another object's ID (a config interface's `vpcId`, a subnet's `computes`, a config's
 * `interfaceDetails[].subnetId`). It follows the rule of ID inputs (`idFrom`): the package schema
 * types it `string`, as the `id` of the resource it names is, and the plugin sends it as a string
 * (`outputJsonSchema` marks it `x-id-reference`, as it marks an `idFrom` input).
 */
import { z } from "zod";
import { idReferences } from "../../contract/fields";

/** A computed output holding another object's ID: an integer, a string in the package schema. */
export const idOutput = () => z.number().int().register(idReferences, {});
