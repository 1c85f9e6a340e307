import { redactCredentials } from './redactCredentials.js';

describe('redactCredentials', () => {
  it('drops the user information of every URL, an @ inside the password included', () => {
    expect(
      redactCredentials('request to https://admin:p@ss@10.0.0.1:6443/api/v1/pods?x=a@b failed'),
    ).toBe('request to https://***@10.0.0.1:6443/api/v1/pods?x=a@b failed');
    expect(redactCredentials('http://u@h/ and http://v:w@k/')).toBe(
      'http://***@h/ and http://***@k/',
    );
  });

  it('drops Bearer and Basic values a server echoed, and keeps everything else', () => {
    expect(redactCredentials('Authorization: Bearer eyJh.bG.c2 rejected')).toBe(
      'Authorization: Bearer *** rejected',
    );
    expect(redactCredentials('basic YWRtaW46cHc= no')).toBe('basic *** no');
    expect(redactCredentials('list pods: 401 Unauthorized')).toBe('list pods: 401 Unauthorized');
  });
});
