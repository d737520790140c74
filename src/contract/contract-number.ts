/**
 * A number in a class's outputs or a data function's result or arguments, named by the contract
 * field it holds: `ContractNumber<"Image.size">`, `ContractNumber<"InstanceType.price.hourly">`,
 * `ContractNumber<"Backup.disks[].size">` (a record, then its fields as the API names them, `[]` for
 * an array's items). TypeScript has one `number`, and this is it; the contract's zod record says
 * whether the field is an int, and the package schema, the SDKs and the pages type it from there
 * (`src/schema/contract-fields.ts`). Types only, without zod: what a program compiles stays
 * independent of the contract's schemas.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export type ContractNumber<Field extends string> = number;
