import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useAddFavorite } from '../api/favorite-add';
import { useCancelFavorite } from '../api/favorite-cancel';

interface Props {
  goodsId: number;
  /** As the goods' cached detail says (the mutations set it there: api/favorites.ts). */
  favorite: boolean;
}

/** 收藏 / 取消收藏 (spec section 8: alert 收藏成功 with a button to the favourites; toast on cancel). */
export function FavoriteButton({ goodsId, favorite }: Props) {
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const add = useAddFavorite();
  const cancel = useCancelFavorite();
  const toggle = () => {
    if (favorite) {
      cancel.mutate([goodsId], {
        onSuccess: () => {
          message.success('取消收藏成功');
        },
      });
      return;
    }
    add.mutate([goodsId], {
      onSuccess: () => {
        modal.success({
          title: '收藏成功',
          content: '可在「我的收藏」中查看已收藏的商品。',
          okText: '查看收藏',
          okCancel: true,
          cancelText: '继续逛逛',
          onOk: () => navigate('/star'),
        });
      },
    });
  };
  return (
    <Button
      data-testid="favorite-button"
      icon={favorite ? <HeartFilled style={{ color: '#c62828' }} /> : <HeartOutlined />}
      loading={add.isPending || cancel.isPending}
      onClick={toggle}
    >
      {favorite ? '已收藏' : '收藏'}
    </Button>
  );
}
