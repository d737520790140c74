/** The value a check failure's line ends with (` (got "x")`); no zod, so the plugin reads it at start. */
export const shownValue = (json: string): string => ` (got ${json})`;

/** The line without the value it ends with: for a value the program made secret. */
export const withoutShownValue = (reason: string): string => reason.replace(/ \(got .*\)$/s, "");
