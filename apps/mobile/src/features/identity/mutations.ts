import type { identityEndpoints, RequestOf } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { ApiError } from '../../api/client';
import { identityPaths } from '@beurs/contract/paths';
import { identityQueries } from './queries';
import { uploadImage, type SubmitAuthRequest } from './uploads';

export type FundPasswordAction = 'set' | 'change' | 'reset';

export type FundPasswordRequest =
  | ({ action: 'set' } & RequestOf<typeof identityEndpoints.setFundPassword>)
  | ({ action: 'change' } & RequestOf<typeof identityEndpoints.changeFundPassword>)
  | ({ action: 'reset' } & RequestOf<typeof identityEndpoints.resetFundPassword>);

const pathOf = {
  set: identityPaths.setFundPassword,
  change: identityPaths.changeFundPassword,
  reset: identityPaths.resetFundPassword,
} as const;

/** Sets, changes or resets the fund password; the answer is the new status. */
export function useFundPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...request }: FundPasswordRequest) => api.call(pathOf[action], request),
    onSuccess: (status) => queryClient.setQueryData(identityQueries.fundPassword().queryKey, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityQueries.fundPassword().queryKey }),
  });
}

export type PhotoSide = 'front' | 'back';

/** The upload of one ID photo was refused: which photo, and the refusal. */
export class PhotoRefusedError extends Error {
  constructor(
    readonly side: PhotoSide,
    readonly refusal: ApiError,
  ) {
    super(refusal.message);
  }
}

/** Uploads both ID photos (raw bytes), then submits the verification with their ids. */
export function useSubmitAuthMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      form: Omit<SubmitAuthRequest, 'frontImageId' | 'backImageId'> & {
        front: Blob;
        back: Blob;
      },
    ) => {
      const { front, back, ...fields } = form;
      // Quiet: the form marks the photo or the field a refusal is about, or says it in a toast.
      const upload = (side: PhotoSide, file: Blob) =>
        uploadImage(file, { quiet: true }).catch((failure: unknown) => {
          throw failure instanceof ApiError ? new PhotoRefusedError(side, failure) : failure;
        });
      const frontImage = await upload('front', front);
      const backImage = await upload('back', back);
      return api.call(
        identityPaths.submitAuth,
        { ...fields, frontImageId: frontImage.id, backImageId: backImage.id } satisfies SubmitAuthRequest,
        { quiet: true },
      );
    },
    onSuccess: (info) => queryClient.setQueryData(identityQueries.authInfo().queryKey, info),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: identityQueries.all });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
