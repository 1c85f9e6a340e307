import { displayUrl } from './displayUrl.js';

describe('displayUrl', () => {
  it('removes the user information of a URL and of URLs quoted in a message', () => {
    expect({
      url: displayUrl('https://admin:s3cret@10.0.0.1:6443/api?x=1'),
      user: displayUrl('http://admin@host'),
      rawAt: displayUrl('https://me:p@ss@host:6443'),
      message: displayUrl('request to http://u:p@127.0.0.1:1/api failed, reason: connect refused'),
      plain: displayUrl('https://host:6443/api?email=a@b.example'),
    }).toEqual({
      url: 'https://10.0.0.1:6443/api?x=1',
      user: 'http://host',
      rawAt: 'https://host:6443',
      message: 'request to http://127.0.0.1:1/api failed, reason: connect refused',
      plain: 'https://host:6443/api?email=a@b.example',
    });
  });
});
