import { MP_REPLY_TEST_PATH, type MpReplyTest, type MpReplyTestResult } from '@gw/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../utils/request';

/** POST /system/mp_reply/test: the rule a message or event would hit and the XML the account would answer (nothing sent). */
export function useMpReplyTest() {
  return useMutation({
    mutationFn: async (body: MpReplyTest) => (await request<MpReplyTestResult>({ url: MP_REPLY_TEST_PATH, method: 'POST', data: body })).data,
  });
}
