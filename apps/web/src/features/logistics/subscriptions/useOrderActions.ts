import { useTranslation } from 'react-i18next';
import type { SubscribeOrder } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useCancelOrder, useConfirmPay } from './api';
import { formatAmount, tenantNameOf } from './subscriptionFormat';

/** Cancel and confirm-payment of an order, each after a confirmation dialog; `after` runs on success. */
export function useOrderActions(after?: () => void | Promise<void>): {
  confirmCancel: (o: SubscribeOrder) => void;
  confirmPay: (o: SubscribeOrder) => void;
} {
  const { t, i18n } = useTranslation('subscriptions');
  const cancel = useCancelOrder();
  const pay = useConfirmPay();
  return {
    confirmCancel: (o) =>
      feedback().modal.confirm({
        title: t('cancel.title'),
        content: t('cancel.content', { orderNo: o.orderNo }),
        okButtonProps: { danger: true, 'data-testid': 'order-cancel-ok' } as never,
        okText: t('actions.cancelOrder'),
        cancelText: t('actions.back'),
        onOk: async () => {
          await cancel.mutateAsync(o.id);
          feedback().message.success(t('cancel.done'));
          await after?.();
        },
      }),
    confirmPay: (o) =>
      feedback().modal.confirm({
        title: t('pay.title'),
        content: t('pay.content', {
          orderNo: o.orderNo,
          tenant: tenantNameOf(o, i18n.language),
          amount: formatAmount(o.amount),
        }),
        okButtonProps: { 'data-testid': 'order-pay-ok' } as never,
        okText: t('actions.confirmPay'),
        cancelText: t('actions.back'),
        onOk: async () => {
          await pay.mutateAsync(o.id);
          feedback().message.success(t('pay.done'));
          await after?.();
        },
      }),
  };
}
