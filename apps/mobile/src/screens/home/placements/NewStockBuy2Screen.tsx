import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchPlacementPreview, usePlacementSubscribeMutation } from '../../../features/placements/mutations';
import { usePlacementDetail } from '../../../features/placements/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { FixedPriceTicket } from '../ipo/FixedPriceTicket';
import { placementPath } from './PlacementParts';

// Request shares of a placement (/home/newStockBuy2?id=, spec `newStockBuy2`; issue 17 item 4): the
// fixed-price ticket at the placement's price, its hint saying what may still be requested today.

export default function NewStockBuy2Screen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = usePlacementDetail(id);
  const subscription = usePlacementSubscribeMutation();

  if (!id) return <EmptyState message={t('placement.empty')} />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <EmptyState message={t('common.failure')} />;
  const { placement, dailyLeft } = detail.data;
  return (
    <FixedPriceTicket
      kind="placement"
      screenTestId="screen-newStockBuy2"
      product={placement}
      hintValues={{ left: dailyLeft }}
      fetchPreview={fetchPlacementPreview}
      subscription={subscription}
      donePath={placementPath(placement.id)}
    />
  );
}
