import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The question; null while closed. */
  content: string | null;
  confirmText: string;
  isDanger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** antd-mobile passes an action's data-* attributes on to its button; its type does not list them. */
const testId = (id: string) => ({ 'data-testid': id });

/** A yes/no question. Declarative: antd-mobile's imperative Dialog.confirm needs React 18's legacy render. */
export function ConfirmDialog({ content, confirmText, isDanger = false, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={content !== null}
      content={content}
      closeOnAction
      onClose={onClose}
      onAction={(action) => {
        if (action.key === 'confirm') onConfirm();
      }}
      actions={[
        [
          { key: 'cancel', text: t('common.back'), ...testId('dialog-back') },
          { key: 'confirm', text: confirmText, bold: true, danger: isDanger, ...testId('dialog-confirm') },
        ],
      ]}
    />
  );
}
