import { PROFESSIONAL_RULES, professionalCriteria, type ProfessionalCriterion } from '@beurs/contract/enums';
import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { uploadImage } from '../../../features/identity/uploads';
import { useProfessionalApplyMutation } from '../../../features/services/mutations';
import { useProfessional, type ProfessionalStatus } from '../../../features/services/queries';
import { LoadingOverlay } from '../../../shell/common';
import { showToast } from '../../../shell/toast';
import styles from './services.module.css';

function ApplicationState({ status }: { status: ProfessionalStatus }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const application = status.application;
  if (!application) return null;
  return (
    <section className="card" data-testid="seat-state">
      <h2>{t(`seat.states.${application.state}`)}</h2>
      <p className={styles.note}>
        {t('seat.appliedOn', { date: formatDateTime(application.createdAt, language) })}
      </p>
      {application.reason && <p>{t('seat.reason', { reason: application.reason })}</p>}
      {application.state === 'approved' && <p className={styles.note}>{t('seat.whatChanges')}</p>}
    </section>
  );
}

function ApplyForm({ status }: { status: ProfessionalStatus }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const apply = useProfessionalApplyMutation();
  const [criteria, setCriteria] = useState<ProfessionalCriterion[]>([]);
  const [evidence, setEvidence] = useState<string[]>([]);
  const [statement, setStatement] = useState('');
  const [hasAcknowledged, setAcknowledged] = useState(false);
  const [isUploading, setUploading] = useState(false);

  const toggle = (criterion: ProfessionalCriterion) =>
    setCriteria((current) =>
      current.includes(criterion) ? current.filter((item) => item !== criterion) : [...current, criterion],
    );

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadImage(file);
      setEvidence((current) => [...current, uploaded.id]);
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate(
      { criteria, evidenceUploadIds: evidence, statement, acknowledgesProtectionsLost: hasAcknowledged },
      { onSuccess: () => showToast(t('seat.submitted'), 2000) },
    );
  };

  return (
    <form noValidate onSubmit={submit} data-testid="seat-form">
      <section className="card">
        <h2>{t('seat.criteriaTitle')}</h2>
        <p className={styles.note}>{t('seat.criteriaNote')}</p>
        {professionalCriteria.map((criterion) => (
          <label key={criterion} className={styles.check}>
            <input
              type="checkbox"
              checked={criteria.includes(criterion)}
              onChange={() => toggle(criterion)}
              data-testid={`seat-criterion-${criterion}`}
            />
            <span>
              {t(`seat.criteria.${criterion}`, {
                trades: PROFESSIONAL_RULES.tradesPerQuarter,
                quarters: PROFESSIONAL_RULES.quarters,
                portfolio: formatCurrency(PROFESSIONAL_RULES.portfolioMinimumEur, 'EUR', language),
                size: formatCurrency('1000.00', 'EUR', language),
              })}
              {criterion === 'trades' && (
                <>
                  <br />
                  <span className={styles.state} data-testid="seat-trades-counted">
                    {t('seat.tradesCounted', { counts: status.tradesPerQuarter.join(' · ') })}
                  </span>
                </>
              )}
            </span>
          </label>
        ))}
      </section>
      <section className="card">
        <h2>{t('seat.evidence')}</h2>
        <p className={styles.note}>{t('seat.evidenceNote')}</p>
        <label className={styles.fileButton}>
          {t('seat.addEvidence')}
          <input
            type="file"
            accept="image/*"
            onChange={(event) => void upload(event)}
            data-testid="seat-evidence"
          />
        </label>
        <p className={styles.state}>{t('seat.evidenceCount', { count: evidence.length })}</p>
        {isUploading && <p className={styles.state}>{t('common.loading')}</p>}
        <label className="field">
          <span>{t('seat.statement')}</span>
          <textarea
            className={styles.textarea}
            value={statement}
            maxLength={1000}
            onChange={(event) => setStatement(event.target.value)}
            data-testid="seat-statement"
          />
        </label>
      </section>
      <section className="card" aria-labelledby="protections-title">
        <h2 id="protections-title">{t('seat.protectionsTitle')}</h2>
        <ul>
          {status.protectionsLost.map((protection) => (
            <li key={protection}>{t(`seat.protections.${protection}`)}</li>
          ))}
        </ul>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={hasAcknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
            data-testid="seat-acknowledge"
          />
          <span>{t('seat.acknowledge')}</span>
        </label>
      </section>
      <div className="actions">
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={apply.isPending}
          data-testid="seat-submit"
        >
          {t('seat.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Professional client (/information/seatAccount): the MiFID II opt-up application and its state. */
export default function SeatAccountScreen() {
  const { t } = useTranslation();
  const status = useProfessional();
  const data = status.data;
  if (!data) return <LoadingOverlay visible={status.isPending} />;
  const state = data.application?.state;
  return (
    <div data-testid="screen-seatAccount">
      <section className="card">
        <h2>{data.isProfessional ? t('seat.isProfessional') : t('seat.isRetail')}</h2>
        <p className={styles.note}>{t('seat.intro')}</p>
      </section>
      <ApplicationState status={data} />
      {state !== 'pending' && state !== 'approved' && <ApplyForm status={data} />}
    </div>
  );
}
