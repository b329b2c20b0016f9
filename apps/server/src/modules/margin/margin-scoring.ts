import {
  MARGIN_EXPERIENCE_RULE,
  MARGIN_RULES,
  marginExperienceQuestionIds,
  marginKnowledgeQuestionIds,
  type MarginKnowledgeQuestion,
  type marginKnowledgeQuestions,
} from '@beurs/contract';

// The appropriateness test's published rule (MARGIN_RULES.knowledgeCorrectMinimum and
// MARGIN_EXPERIENCE_RULE) applied to a set of answers. Pure: the same answers always score the
// same, so a stored test is re-scored whenever it is read and a hand-edited score is not believed.

/** The right option of each knowledge question (the app explains each wrong answer). */
export const MARGIN_ANSWER_KEY = {
  margin_call: 'add_cash_or_reduce',
  liquidation: 'closed_at_market',
  loss_beyond_deposit: 'yes_debt',
  short_selling: 'unlimited_loss',
  interest: 'daily_on_borrowed',
  recall: 'forced_buy_in',
} as const satisfies {
  [Question in MarginKnowledgeQuestion]: (typeof marginKnowledgeQuestions)[Question][number];
};

export type MarginScore = {
  knowledgeCorrect: number;
  knowledgeTotal: number;
  isExperienceMet: boolean;
  isPassed: boolean;
  wrong: { question: MarginKnowledgeQuestion; chosen: string; correct: string }[];
};

/** Scores answers by the rule; an answer missing or not one of the options counts as wrong / not met. */
export function scoreMarginAnswers(answers: Readonly<Record<string, unknown>>): MarginScore {
  const wrong: MarginScore['wrong'] = [];
  for (const question of marginKnowledgeQuestionIds) {
    const chosen = answers[question];
    const correct = MARGIN_ANSWER_KEY[question];
    if (chosen !== correct)
      wrong.push({ question, chosen: typeof chosen === 'string' ? chosen : '', correct });
  }
  const knowledgeTotal = marginKnowledgeQuestionIds.length;
  const knowledgeCorrect = knowledgeTotal - wrong.length;
  const isExperienceMet = marginExperienceQuestionIds.some((question) =>
    (MARGIN_EXPERIENCE_RULE[question] as readonly unknown[]).includes(answers[question]),
  );
  return {
    knowledgeCorrect,
    knowledgeTotal,
    isExperienceMet,
    isPassed: knowledgeCorrect >= MARGIN_RULES.knowledgeCorrectMinimum && isExperienceMet,
    wrong,
  };
}
