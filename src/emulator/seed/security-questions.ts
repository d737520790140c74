/** The security questions a user picks three of (IDs are stable; responses are per user). */
export const SECURITY_QUESTIONS: { id: number; question: string }[] = [
  "In what city were you born?",
  "In what city did your parents meet?",
  "What was the name of your first pet?",
  "What was the make of your first car?",
  "What was the name of your elementary school?",
  "What was your childhood nickname?",
  "What is the middle name of your oldest sibling?",
  "What street did you live on as a child?",
  "What was the first concert you attended?",
  "What was the name of your first employer?",
  "What is your favorite book?",
  "In what town was your first job?",
  "What was the name of your favorite teacher?",
  "What is your grandmother's first name?",
  "What was your favorite food as a child?",
].map((question, i) => ({ id: i + 1, question }));

export function securityQuestion(id: number) {
  return SECURITY_QUESTIONS.find((q) => q.id === id);
}
