/**
 * The filter language of list endpoints (spec: "not shown"; per the API's behaviour): a JSON object
 * in the `X-Filter` header. Each list endpoint names the fields it can filter on (`filterable`).
 */

/** The request header that carries a list filter. */
export const FILTER_HEADER = "X-Filter";

/** Combine filter objects: all true (`+and`) or any true (`+or`). */
export const FILTER_COMBINATORS = ["+and", "+or"] as const;
/** Compare a field: `{"memory": {"+gte": 4096}}`. */
export const FILTER_COMPARISONS = ["+gt", "+gte", "+lt", "+lte", "+contains", "+neq"] as const;
/** Sort the list: `+order_by` names a filterable field, `+order` is `asc` (default) or `desc`. */
export const FILTER_ORDERING = ["+order_by", "+order"] as const;

type Scalar = string | number | boolean | null;

/** A field's condition: a value (equality), or operators on it. */
export type FieldCondition =
  | Scalar
  | {
      "+gt"?: number | string;
      "+gte"?: number | string;
      "+lt"?: number | string;
      "+lte"?: number | string;
      "+contains"?: string;
      "+neq"?: Scalar;
      "+or"?: FieldCondition[];
      "+and"?: FieldCondition[];
    };

/**
 * An `X-Filter` object: field keys (dotted for nested fields: `entity.id`) are AND-ed;
 * `+and`/`+or` nest filter objects; `+order_by`/`+order` sort the list before paging.
 */
export interface ListFilter {
  "+and"?: ListFilter[];
  "+or"?: ListFilter[];
  "+order_by"?: string;
  "+order"?: "asc" | "desc";
  [field: string]: FieldCondition | ListFilter[] | undefined;
}
