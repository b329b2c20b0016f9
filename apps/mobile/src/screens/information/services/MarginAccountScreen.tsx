import {
  marginExperienceQuestions,
  marginKnowledgeQuestions,
  type MarginQuestion,
} from '@beurs/contract/enums';
import { pathOf } from '../../../routes/paths';
import { formatCurrency, formatDateTime, formatMoney, type Language } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage, describeError } from '../../../app/i18n';
import {
  useMarginAcceptMutation,
  useMarginTestMutation,
  useMarginRepayMutation,
  useMarginTransferMutation,
} from '../../../features/margin/mutations';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { ApiError } from '../../../api/client';
import { parseTypedDecimal, formatDecimal } from '@beurs/contract/decimal';
import {
  useMarginParameters,
  useMarginStatus,
  useMarginHistory,
  useMarginSummary,
  type MarginParameters,
  type MarginStatus,
  type MarginTest,
} from '../../../features/margin/queries';
import { useUserInfo } from '../../../features/user/queries';
import { LiquidationSale } from '../../trade/components/PositionLiquidations';
import { LoadingOverlay } from '../../../shell/common';
import { showToast } from '../../../shell/toast';
import margin from './margin.module.css';
import styles from './services.module.css';

// The margin account (/information/margin, issue 16 item 1): the appropriateness test with its
// published rule, the result (a fail explains each wrong answer and gives the retake date), the
// risk disclosure as the server rendered and hashed it, the explicit acceptance, the opened state.
// Leverage itself is not built yet, and the screen says so.

const questionGroups = [
  { title: 'margin.knowledgeTitle', questions: marginKnowledgeQuestions },
  { title: 'margin.experienceTitle', questions: marginExperienceQuestions },
] as const;
const questionCount = questionGroups.reduce((count, group) => count + Object.keys(group.questions).length, 0);

const percentOf = (basisPoints: number, language: Language) =>
  basisPoints % 100 === 0 ? String(basisPoints / 100) : formatMoney(String(basisPoints / 100), language);

function Parameters({ parameters }: { parameters: MarginParameters }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { rate } = parameters;
  return (
    <section className="card" data-testid="margin-parameters">
      <h2>{t('margin.classesTitle')}</h2>
      <ul className={margin.classes}>
        {parameters.classes.map((rule) => (
          <li key={rule.marginClass}>
            <span>{t(`margin.classes.${rule.marginClass}`)}</span>
            {rule.initialBasisPoints !== null && rule.maintenanceBasisPoints !== null && (
              <small>
                {t('margin.classLine', {
                  initial: percentOf(rule.initialBasisPoints, language),
                  maintenance: percentOf(rule.maintenanceBasisPoints, language),
                  leverage: formatMoney(rule.leverageMax ?? '1', language),
                })}
              </small>
            )}
          </li>
        ))}
      </ul>
      <p className={styles.note} data-testid="margin-rate">
        {t('margin.rateLine', {
          rate: formatMoney(String(rate.annualRateBasisPoints / 100), language),
          benchmark: rate.benchmarkName,
          benchmarkRate: formatMoney(String(rate.benchmarkBasisPoints / 100), language),
          spread: formatMoney(String(rate.spreadBasisPoints / 100), language),
        })}
      </p>
    </section>
  );
}

function TestForm({ status }: { status: MarginStatus }) {
  const { t } = useTranslation();
  const submit = useMarginTestMutation();
  const [answers, setAnswers] = useState<Partial<Record<MarginQuestion, string>>>({});
  const answered = Object.keys(answers).length;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (answered < questionCount) {
      showToast(t('margin.answerAll', { answered, total: questionCount }), 2000);
      return;
    }
    submit.mutate(answers as Parameters<typeof submit.mutate>[0]);
  };

  return (
    <form noValidate onSubmit={send} data-testid="margin-test">
      <section className="card">
        <h2>{t('margin.startTest')}</h2>
        <p className={styles.note} data-testid="margin-rule">
          {t('margin.rule', {
            minimum: status.rule.knowledgeCorrectMinimum,
            total: status.rule.knowledgeTotal,
            days: status.rule.retakeDays,
          })}
        </p>
      </section>
      {questionGroups.map((group) => (
        <section className="card" key={group.title}>
          <h2>{t(group.title)}</h2>
          {Object.entries(group.questions).map(([question, options]) => (
            <fieldset key={question} className={margin.question} data-testid={`margin-question-${question}`}>
              <legend>{t(`margin.questions.${question}.text`)}</legend>
              {(options as readonly string[]).map((option) => (
                <label key={option} className={margin.option}>
                  <input
                    type="radio"
                    name={question}
                    value={option}
                    checked={answers[question as MarginQuestion] === option}
                    onChange={() => setAnswers((current) => ({ ...current, [question]: option }))}
                    data-testid={`margin-answer-${question}-${option}`}
                  />
                  <span>{t(`margin.questions.${question}.options.${option}`)}</span>
                </label>
              ))}
            </fieldset>
          ))}
        </section>
      ))}
      <div className="actions">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={submit.isPending}
          data-testid="margin-submit-test"
        >
          {t('margin.submitTest')}
        </Button>
      </div>
    </form>
  );
}

function TestResult({ test }: { test: MarginTest }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const score = { correct: test.knowledgeCorrect, total: test.knowledgeTotal };
  const optionText = (question: string, option: string) =>
    t(`margin.questions.${question}.options.${option}`, { defaultValue: option });
  return (
    <section className="card" data-testid="margin-result">
      <h2 className={test.isPassed ? margin.passed : margin.failed}>
        {test.isPassed ? t('margin.passed', score) : t('margin.failed', score)}
      </h2>
      <p className={styles.note}>
        {test.isExperienceMet ? t('margin.experienceMet') : t('margin.experienceNotMet')}
      </p>
      {test.wrong.length > 0 && (
        <div data-testid="margin-wrong">
          <h3>{t('margin.wrongTitle')}</h3>
          {test.wrong.map((item) => (
            <div key={item.question} className={margin.wrong} data-testid={`margin-wrong-${item.question}`}>
              <p>
                <strong>{t(`margin.questions.${item.question}.text`)}</strong>
              </p>
              <p>{t('margin.yourAnswer', { answer: optionText(item.question, item.chosen) })}</p>
              <p>{t('margin.rightAnswer', { answer: optionText(item.question, item.correct) })}</p>
              <p className={styles.note}>{t(`margin.questions.${item.question}.why`)}</p>
            </div>
          ))}
        </div>
      )}
      {test.retakeFrom && (
        <p data-testid="margin-retake">
          {t('margin.retakeFrom', { date: formatDateTime(test.retakeFrom, language) })}
        </p>
      )}
    </section>
  );
}

function Disclosure({ status, canAccept }: { status: MarginStatus; canAccept: boolean }) {
  const { t } = useTranslation();
  const accept = useMarginAcceptMutation();
  const [hasAccepted, setAccepted] = useState(false);
  const { disclosure } = status;
  const send = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(
      {
        language: disclosure.language,
        disclosureVersion: disclosure.version,
        disclosureHash: disclosure.hash,
        accepts: hasAccepted,
      },
      { onSuccess: () => showToast(t('margin.opened'), 2000) },
    );
  };
  return (
    <form noValidate onSubmit={send} data-testid="margin-disclosure">
      <section className="card">
        <h2>{t('margin.disclosureTitle')}</h2>
        <p className={styles.note}>{t('margin.disclosureVersion', { version: disclosure.version })}</p>
        <div className={margin.disclosure}>
          {disclosure.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {canAccept && (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={hasAccepted}
              onChange={(event) => setAccepted(event.target.checked)}
              data-testid="margin-accept"
            />
            <span>{t('margin.accept')}</span>
          </label>
        )}
      </section>
      {canAccept && (
        <div className="actions">
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            loading={accept.isPending}
            data-testid="margin-open"
          >
            {t('margin.open')}
          </Button>
        </div>
      )}
    </form>
  );
}

function Opened({ status }: { status: MarginStatus }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { account, test } = status;
  if (!account) return null;
  return (
    <section className="card" data-testid="margin-opened">
      <h2 className={margin.passed}>{t('margin.opened')}</h2>
      <p>{t('margin.openedAt', { date: formatDateTime(account.openedAt, language) })}</p>
      {test && (
        <p>
          {t('margin.testScore', {
            correct: test.knowledgeCorrect,
            total: test.knowledgeTotal,
            date: formatDateTime(test.takenAt, language),
          })}
        </p>
      )}
      <p className={styles.note}>{t('margin.acceptedVersion', { version: account.disclosureVersion })}</p>
    </section>
  );
}

/** The margin side now (issue 16 items 2 and 6), and the capital transfer between the two sides. */
function MarginSide() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const summary = useMarginSummary(true);
  const transfer = useMarginTransferMutation();
  const repay = useMarginRepayMutation();
  // Two ways to move cash: between the two sides, or from the cash side to what is owed.
  const [direction, setDirection] = useState<'to_margin' | 'to_cash' | 'repay'>('to_margin');
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const data = summary.data;
  if (!data) return null;
  const eur = (text: string) => formatCurrency(text, 'EUR', language);
  const cash = data.currencies.find((row) => row.currency === 'EUR');
  const rows = [
    {
      key: 'level',
      label: t('margin.log.level'),
      value:
        data.levelBasisPoints === null
          ? '—'
          : `${formatMoney(formatDecimal(BigInt(data.levelBasisPoints), 2), language)} %`,
    },
    { key: 'equity', label: t('margin.side.equity'), value: eur(data.equity) },
    { key: 'maintenance', label: t('margin.side.maintenance'), value: eur(data.maintenanceRequirement) },
    { key: 'excess', label: t('margin.side.excess'), value: eur(data.excessOverMaintenance) },
    { key: 'holdings', label: t('margin.side.holdings'), value: eur(data.holdingsValue) },
    { key: 'marginCash', label: t('margin.side.marginCash'), value: eur(data.marginCash) },
    ...(cash
      ? [
          { key: 'buyingPower', label: t('margin.side.buyingPower'), value: eur(cash.buyingPower) },
          { key: 'borrowed', label: t('margin.side.borrowed'), value: eur(cash.borrowed) },
          { key: 'interest', label: t('margin.side.interest'), value: eur(cash.interestToDate) },
          { key: 'owed', label: t('margin.side.owed'), value: eur(cash.owed) },
          { key: 'daily', label: t('margin.side.daily'), value: eur(cash.dailyInterest) },
        ]
      : []),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = parseTypedDecimal(amount, 2);
    if (minor === null || minor <= 0n) {
      setRefusal(t('trade.errors.amount'));
      return;
    }
    const text = `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    setRefusal(null);
    const handlers = {
      onSuccess: () => {
        setAmount('');
        showToast(t(direction === 'repay' ? 'margin.side.repaid' : 'margin.side.moved'));
      },
      onError: (error: Error) =>
        setRefusal(error instanceof ApiError ? describeError(error) : t('common.networkError')),
    };
    const idempotencyKey = newIdempotencyKey();
    if (direction === 'repay') {
      repay.mutate({ request: { currency: 'EUR', amount: text }, idempotencyKey }, handlers);
    } else {
      transfer.mutate({ request: { direction, currency: 'EUR', amount: text }, idempotencyKey }, handlers);
    }
  };
  return (
    <section className="card" data-testid="margin-side">
      <h2>{t('margin.side.title')}</h2>
      <dl className={margin.sideRows}>
        {rows.map((row) => (
          <div key={row.key} data-testid={`margin-side-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {data.call && (
        <p className="field-error" role="alert" data-testid="margin-call">
          {t('margin.log.callNow', {
            amount: eur(data.neededForCallLevel),
            level: percentOf(data.levels.callBasisPoints, language),
          })}
        </p>
      )}
      <p className={styles.note}>
        {t('margin.log.levels', {
          call: percentOf(data.levels.callBasisPoints, language),
          liquidation: percentOf(data.levels.liquidationBasisPoints, language),
        })}
      </p>
      <p className={styles.note}>
        {t('margin.side.rate', {
          rate: formatMoney(formatDecimal(BigInt(data.annualRateBasisPoints), 2), language),
        })}
      </p>
      <form onSubmit={submit} data-testid="margin-transfer" className={margin.transfer}>
        <h3>{t('margin.side.transferTitle')}</h3>
        <div className="field">
          <label htmlFor="margin-direction">{t('margin.side.direction')}</label>
          <select
            id="margin-direction"
            value={direction}
            onChange={(event) => setDirection(event.target.value as 'to_margin' | 'to_cash' | 'repay')}
          >
            <option value="to_margin">{t('margin.side.toMargin')}</option>
            <option value="to_cash">{t('margin.side.toCash')}</option>
            <option value="repay">{t('margin.side.toLoan')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="margin-amount">{t('margin.side.amount')}</label>
          <input
            id="margin-amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        {refusal && (
          <p className="field-error" role="alert" data-testid="margin-transfer-refusal">
            {refusal}
          </p>
        )}
        <p className={styles.note}>
          {t(direction === 'repay' ? 'margin.side.repayRule' : 'margin.side.transferRule')}
        </p>
        <Button block color="primary" type="submit" loading={transfer.isPending || repay.isPending}>
          {t('margin.side.transfer')}
        </Button>
      </form>
    </section>
  );
}

/** The margin calls and liquidations (issue 16 item 4), newest first. */
function MarginLog() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const history = useMarginHistory(true);
  const data = history.data;
  if (!data) return null;
  const eur = (text: string) => formatCurrency(text, 'EUR', language);
  const percent = (basisPoints: number) => formatMoney(formatDecimal(BigInt(basisPoints), 2), language);
  return (
    <section className="card" data-testid="margin-log">
      <h2>{t('margin.log.callsTitle')}</h2>
      {data.calls.length === 0 ? (
        <p className={styles.note}>{t('margin.log.noCalls')}</p>
      ) : (
        <ul className={margin.log}>
          {data.calls.map((call) => (
            <li key={call.id} data-testid="margin-log-call">
              <div>
                {t('margin.log.call', {
                  time: formatDateTime(call.openedAt, language),
                  amount: eur(call.needed),
                  level: percent(call.levelBasisPoints),
                })}
              </div>
              <small>
                {call.state === 'open'
                  ? t('margin.log.callOpen')
                  : t('margin.log.callMet', { time: formatDateTime(call.metAt ?? call.openedAt, language) })}
              </small>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('margin.log.liquidationsTitle')}</h2>
      {data.liquidations.length === 0 ? (
        <p className={styles.note}>{t('margin.log.noLiquidations')}</p>
      ) : (
        data.liquidations.map((liquidation) => (
          <div key={liquidation.id} data-testid="margin-log-liquidation" className={margin.log}>
            <p>
              {t('margin.log.liquidation', {
                time: formatDateTime(liquidation.startedAt, language),
                level: percent(liquidation.levelBasisPoints),
              })}{' '}
              {liquidation.state === 'running'
                ? t('margin.log.running')
                : liquidation.endLevelBasisPoints === null
                  ? t('margin.log.doneNothingLeft')
                  : t('margin.log.done', {
                      level:
                        liquidation.endLevelBasisPoints === null
                          ? '—'
                          : percent(liquidation.endLevelBasisPoints),
                    })}
            </p>
            <ul>
              {liquidation.sales.map((sale) => (
                <LiquidationSale key={sale.orderId} sale={sale} />
              ))}
            </ul>
            <p
              className={
                liquidation.shortfall && liquidation.shortfall !== '0.00' ? 'field-error' : styles.note
              }
            >
              {liquidation.shortfall && liquidation.shortfall !== '0.00'
                ? t('margin.log.shortfall', { amount: eur(liquidation.shortfall) })
                : t('margin.log.noShortfall')}
            </p>
          </div>
        ))
      )}
      <p className={styles.note}>{t('margin.log.rule')}</p>
    </section>
  );
}

function Steps({ status, now }: { status: MarginStatus; now: number }) {
  const { t } = useTranslation();
  const info = useUserInfo();
  const { state, test } = status;
  if (state === 'open') {
    return (
      <>
        <Opened status={status} />
        <Disclosure status={status} canAccept={false} />
      </>
    );
  }
  if (info.data && info.data.identityState !== 'authenticated') {
    return (
      <section className="card" data-testid="margin-identity">
        <p>{t('margin.identityFirst')}</p>
        <Link className={styles.cardLink} to={pathOf('authInfo')}>
          {t('margin.verifyIdentity')}
        </Link>
      </section>
    );
  }
  if (state === 'test_passed' && test) {
    return (
      <>
        <TestResult test={test} />
        <Disclosure status={status} canAccept />
      </>
    );
  }
  const mayTake = !test || (test.retakeFrom !== null && Date.parse(test.retakeFrom) <= now);
  return (
    <>
      {test && <TestResult test={test} />}
      {mayTake && <TestForm key={test?.id ?? 'first'} status={status} />}
    </>
  );
}

/** Margin account (/information/margin). */
export default function MarginAccountScreen() {
  const { t } = useTranslation();
  const status = useMarginStatus();
  const parameters = useMarginParameters();
  const data = status.data;
  if (!data) return <LoadingOverlay visible={status.isPending} />;
  return (
    <div data-testid="screen-margin">
      <section className="card">
        <h2 data-testid="margin-state">{t(`margin.states.${data.state}`)}</h2>
        <p className={styles.note}>{t('margin.intro')}</p>
        <p className={styles.note}>{t('margin.availableNow')}</p>
        {data.state !== 'open' && <p className={styles.note}>{t('margin.steps')}</p>}
      </section>
      {data.state === 'open' && <MarginSide />}
      {data.state === 'open' && <MarginLog />}
      <Steps status={data} now={Date.now()} />
      {parameters.data && <Parameters parameters={parameters.data} />}
    </div>
  );
}
