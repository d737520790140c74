/** A property of the package schema: an input or output of a kind, a field of an object type. */
export interface PropertySpec {
  type?: string;
  $ref?: string;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
}
