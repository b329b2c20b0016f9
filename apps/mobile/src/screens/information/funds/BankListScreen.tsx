import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteBankCardMutation } from '../../../features/funds/mutations';
import { useBankCards, type BankCard } from '../../../features/funds/queries';
import { pathOf } from '../../../routes/paths';
import { EmptyState, Loading, classNames } from '../../../shell/common';
import styles from './wallet/wallet.module.css';

function CardItem({ card }: { card: BankCard }) {
  const { t } = useTranslation();
  const remove = useDeleteBankCardMutation();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <li className={classNames('card', styles.walletItem)} data-testid={`bank-card-${card.id}`}>
      <p>
        <strong>{card.bankName}</strong>
        {card.branch && ` · ${card.branch}`}
      </p>
      <p className={styles.walletAddress}>{card.ibanMasked}</p>
      <p>{card.holderName}</p>
      <small>{card.bic}</small>
      <Button
        size="small"
        color="danger"
        fill="outline"
        loading={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('bankCard.delete')}
      </Button>
      <Dialog
        visible={isConfirming}
        content={t('bankCard.confirmDelete')}
        closeOnAction
        onClose={() => setConfirming(false)}
        onAction={(action) => {
          if (action.key === 'confirm') remove.mutate(card.id);
        }}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel') },
            { key: 'confirm', text: t('common.confirm'), bold: true, danger: true },
          ],
        ]}
      />
    </li>
  );
}

/** Bank cards (/information/bankList): the user's payout cards, delete, and a link to add one. */
export default function BankListScreen() {
  const { t } = useTranslation();
  const cards = useBankCards();
  if (cards.isPending) return <Loading />;
  const list = cards.data ?? [];
  return (
    <div data-testid="screen-bankList">
      {list.length === 0 ? (
        <EmptyState message={t('bankCard.none')} />
      ) : (
        <ul className={styles.walletList}>
          {list.map((card) => (
            <CardItem key={card.id} card={card} />
          ))}
        </ul>
      )}
      <nav className={classNames('actions', styles.walletActions)}>
        <Link to={pathOf('addBankCard')} data-testid="bank-card-add">
          {t('bankCard.add')}
        </Link>
      </nav>
    </div>
  );
}
