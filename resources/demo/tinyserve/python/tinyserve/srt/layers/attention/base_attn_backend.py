# Demo fixture of Kernel Atlas: the attention backend interface.


class AttentionBackend:
    def forward(self, q, k, v, layer, forward_batch):
        if forward_batch.forward_mode.is_decode():
            return self.forward_decode(q, k, v, layer, forward_batch)
        return self.forward_extend(q, k, v, layer, forward_batch)

    def forward_decode(self, q, k, v, layer, forward_batch):
        raise NotImplementedError

    def forward_extend(self, q, k, v, layer, forward_batch):
        raise NotImplementedError
