import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchIpoPreview, useIpoSubscribeMutation } from '../../../features/offerings/mutations';
import { useIpoDetail } from '../../../features/offerings/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { FixedPriceTicket } from './FixedPriceTicket';
import { newStockPath } from './IpoParts';

// Subscribe (/home/newStockBuy?id=, spec `newStockBuy`; issue 17): the fixed-price ticket at the
// offering's issue price.

export default function NewStockBuyScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useIpoDetail(id);
  const subscription = useIpoSubscribeMutation();

  if (!id) return <EmptyState message={t('ipo.empty')} />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <EmptyState message={t('common.failure')} />;
  const { offering } = detail.data;
  return (
    <FixedPriceTicket
      kind="ipo"
      screenTestId="screen-newStockBuy"
      product={{ ...offering, price: offering.issuePrice }}
      fetchPreview={fetchIpoPreview}
      subscription={subscription}
      donePath={newStockPath(offering.id)}
    />
  );
}
