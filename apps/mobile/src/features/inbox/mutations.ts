import type { NotificationKind, PriceAlertCondition } from '@beurs/contract';
import { inboxPaths } from '@beurs/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { uploadImage } from '../identity/uploads';
import { userQueries } from '../user/queries';
import { inboxQueries } from './queries';

/** Sends text and/or a picture (uploaded first, under the upload rules) to support. */
export function useSupportSendMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, picture }: { body: string; picture: File | null }) => {
      const attachmentId = picture ? (await uploadImage(picture)).id : undefined;
      return api.call(inboxPaths.supportSend, { body, ...(attachmentId ? { attachmentId } : {}) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueries.support }),
  });
}

export function useAlertCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { symbol: string; condition: PriceAlertCondition; value: string }) =>
      api.call(inboxPaths.alertCreate, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueries.alerts }),
  });
}

export function useAlertCancelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(inboxPaths.alertCancel, { id }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: inboxQueries.alerts });
      await queryClient.invalidateQueries({ queryKey: userQueries.all });
    },
  });
}

export function useNotificationSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: NotificationKind; isPushEnabled: boolean }) =>
      api.call(inboxPaths.notificationSettingsSave, input),
    onSuccess: (data) => queryClient.setQueryData(inboxQueries.settings().queryKey, data),
  });
}
